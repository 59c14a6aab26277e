import { type FormEvent, useState } from "react";
import { passwordSchema, verificationCodeSchema } from "../../../core/validation/account-rules";
import { useT } from "../../i18n/translator";
import { apiErrorKey, apiFieldErrors, useApi } from "../../lib/use-api";
import { saveUserInfo } from "../../lib/user-info";
import { EmailedCodeField } from "../forms/emailed-code-field";
import { NewPasswordFields } from "../forms/new-password-fields";

type Profile = Parameters<typeof saveUserInfo>[0];

/**
 * Accounts made at checkout have no password, and the apps sign in with one: the account area's
 * set-password call (POST …/web/set_password), offered right after paying. Unless the address
 * was proved already (a code sign-in), an e-mailed code comes with the password (decision 020).
 */
export function SetPasswordStep({
  email,
  codeNeeded,
  onDone,
}: {
  email: string;
  codeNeeded: boolean;
  onDone: () => void;
}) {
  const t = useT("paysuc");
  const tf = useT("forms");
  const call = useApi();
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [code, setCode] = useState("");
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const rule = passwordSchema.safeParse(password).error?.issues[0]?.message;
  const codeRule = codeNeeded
    ? code
      ? verificationCodeSchema.safeParse(code).error?.issues[0]?.message
      : "code.required"
    : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    setError(undefined);
    setServerFields({});
    if (codeRule || rule || repeat !== password) {
      event.currentTarget.querySelector<HTMLInputElement>("[aria-invalid]")?.focus();
      return;
    }
    setBusy(true);
    try {
      const proof = codeNeeded ? { code: code.trim() } : {};
      saveUserInfo(await call<Profile>("POST", "/api/mms/account/v1/web/set_password", { password, ...proof }));
      onDone();
    } catch (failure) {
      setServerFields(apiFieldErrors(failure));
      setError(apiErrorKey(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="set-password-heading"
      className="rounded-2xl border-2 border-brand-700 bg-white p-6 shadow-sm"
    >
      <h2 id="set-password-heading" className="text-xl font-bold">
        {t("password.heading")}
      </h2>
      <p className="mt-2 text-slate-700">
        {t("password.intro")}{" "}
        <bdi dir="ltr" className="inline-block max-w-full break-words font-semibold">
          {email}
        </bdi>
      </p>
      <form noValidate onSubmit={submit} aria-busy={busy} className="mt-4 flex flex-col gap-3">
        {codeNeeded ? (
          <EmailedCodeField
            email={email}
            purpose="set_password"
            code={code}
            onCode={setCode}
            error={(touched ? codeRule : undefined) ?? serverFields.code}
          />
        ) : null}
        <NewPasswordFields
          password={password}
          repeat={repeat}
          onPassword={setPassword}
          onRepeat={setRepeat}
          passwordError={(touched ? rule : undefined) ?? serverFields.password}
          repeatError={touched && repeat !== password ? "password.mismatch" : undefined}
        />
        {error && !serverFields.password && !serverFields.code ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {tf(error)}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          className="self-start rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
        >
          {busy ? tf("sending") : t("password.submit")}
        </button>
      </form>
    </section>
  );
}
