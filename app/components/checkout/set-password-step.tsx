import { type FormEvent, useState } from "react";
import { useT } from "../../i18n/translator";
import { apiErrorKey, apiFieldErrors, useApi } from "../../lib/use-api";
import { saveUserInfo } from "../../lib/user-info";
import { NewPasswordWithCode, useNewPassword } from "../forms/new-password-with-code";

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
  const form = useNewPassword(codeNeeded);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [serverFields, setServerFields] = useState<Record<string, string>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    setError(undefined);
    setServerFields({});
    if (!form.valid) {
      event.currentTarget.querySelector<HTMLInputElement>("[aria-invalid]")?.focus();
      return;
    }
    setBusy(true);
    try {
      saveUserInfo(await call<Profile>("POST", "/api/mms/account/v1/web/set_password", form.setPasswordBody()));
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
        <NewPasswordWithCode
          form={form}
          email={email}
          touched={touched}
          codeError={serverFields.code}
          passwordError={serverFields.password}
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
