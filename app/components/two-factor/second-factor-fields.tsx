import { useT } from "../../i18n/translator";
import { Field } from "../forms/field";
import type { SecondFactor } from "./use-second-factor";

/**
 * The second step's fields (no form of its own, so the checkout's form can hold them): the code,
 * a switch to a recovery code and back, and the passkey button when the account has one.
 */
export function SecondFactorFields({
  step,
  error,
  onPasskey,
  busy,
}: {
  step: SecondFactor;
  /** A forms key under the code field. */
  error?: string;
  onPasskey: () => void;
  busy?: boolean;
}) {
  const t = useT("twofactor");
  const methods = step.pending?.methods ?? [];
  const totp = step.mode === "totp";
  return (
    <div className="flex flex-col gap-3" data-second-factor>
      <h2 className="text-lg font-semibold">{t("step.title")}</h2>
      <p className="text-sm">{totp ? t("step.introTotp") : t("step.introRecovery")}</p>
      <Field
        key={step.mode}
        label={totp ? t("step.codeLabel") : t("step.recoveryLabel")}
        name={totp ? "totp" : "recovery-code"}
        inputMode={totp ? "numeric" : "text"}
        autoComplete={totp ? "one-time-code" : "off"}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={totp ? 7 : 12}
        dir="ltr"
        value={step.code}
        onChange={(event) => step.setCode(event.target.value)}
        error={error}
        // biome-ignore lint/a11y/noAutofocus: the step replaces the form the person just sent; its one field is next
        autoFocus
      />
      <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {methods.includes("totp") ? (
          <button
            type="button"
            className="min-h-11 text-brand-700 underline"
            onClick={() => {
              step.setMode(totp ? "recovery_code" : "totp");
              step.setCode("");
            }}
          >
            {totp ? t("step.useRecovery") : t("step.useTotp")}
          </button>
        ) : null}
        {methods.includes("passkey") ? (
          <button type="button" disabled={busy} className="min-h-11 text-brand-700 underline" onClick={onPasskey}>
            {t("step.usePasskey")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
