import { type FormEvent, useState } from "react";
import { useT } from "../../i18n/translator";
import { captchaCall } from "../../lib/captcha-call";
import { apiErrorKey, useApi } from "../../lib/use-api";
import { CodeField } from "../forms/code-field";
import { Field } from "../forms/field";
import { useTwoFactorApi } from "./two-factor-api";

/**
 * Changes to two-factor sign-in need a sign-in in the last 10 minutes: otherwise the owner
 * confirms with the password, or (an account without one) an e-mailed sign-in code.
 */
export function ConfirmIdentity({
  email,
  hasPassword,
  onConfirmed,
}: {
  email: string;
  hasPassword: boolean;
  onConfirmed: () => void;
}) {
  const t = useT("twofactor");
  const tf = useT("forms");
  const api = useTwoFactorApi();
  const call = useApi();
  const [secret, setSecret] = useState("");
  const [codeSent, setCodeSent] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!secret) return setError(hasPassword ? "password.required" : "code.required");
    setBusy(true);
    setError(undefined);
    try {
      await api.confirm(hasPassword ? { password: secret } : { code: secret.trim() });
      onConfirmed();
    } catch (failure) {
      setError(apiErrorKey(failure));
      setBusy(false);
    }
  }

  async function sendCode() {
    setBusy(true);
    try {
      const request = { email, purpose: "login" };
      await captchaCall(call, "POST", "/api/mms/account/v1/web/verification/request", request, "login");
      setCodeSent(true);
      setError(undefined);
    } catch (failure) {
      setError(apiErrorKey(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={busy} className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3">
      <p className="text-sm">{t("confirm.intro")}</p>
      {hasPassword ? (
        <Field
          label={tf("password.currentLabel")}
          name="confirm-password"
          password
          autoComplete="current-password"
          dir="ltr"
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
          error={error}
        />
      ) : codeSent ? (
        <CodeField label={tf("code.label")} value={secret} onChange={setSecret} error={error} />
      ) : (
        <button
          type="button"
          disabled={busy}
          onClick={sendCode}
          className="min-h-11 self-start text-sm text-brand-700 underline"
        >
          {tf("code.send")}
        </button>
      )}
      {hasPassword || codeSent ? (
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 self-start rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
        >
          {t("confirm.submit")}
        </button>
      ) : null}
    </form>
  );
}
