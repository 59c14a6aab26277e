import { verificationCodeIssue } from "../../../universal/validation/account-checks";
import { useT } from "../../i18n/translator";
import { CodeField } from "../forms/code-field";
import { EmailField } from "../forms/field";

/** The checkout's account section: who is signed in, or the address (and then the e-mailed code). */
export function AccountFieldset({
  signedIn,
  email,
  onEmailChange,
  emailError,
  needCode,
  code,
  onCodeChange,
  codeSubmitted,
}: {
  signedIn: string | null;
  email: string;
  onEmailChange: (value: string) => void;
  emailError: string | undefined;
  needCode: boolean;
  code: string;
  onCodeChange: (value: string) => void;
  /** The code is judged only once one was submitted, so it is never red before the buyer types. */
  codeSubmitted: boolean;
}) {
  const t = useT("pricing");
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-lg font-semibold">{t("checkout.email")}</legend>
      {signedIn ? (
        <p>
          {/* First-strong isolates (U+2068…U+2069): the address reads left to right inside any sentence. */}
          {t("checkout.loggedInAs", { email: `\u2068${signedIn}\u2069` })}
        </p>
      ) : (
        <>
          <EmailField value={email} onChange={onEmailChange} error={emailError} hint={t("checkout.emailHint")} />
          {needCode ? (
            <>
              <p role="status">{t("checkout.codeSent")}</p>
              <CodeField
                label={t("checkout.code")}
                value={code}
                onChange={onCodeChange}
                error={codeSubmitted && verificationCodeIssue(code) ? "code.invalid" : undefined}
              />
            </>
          ) : null}
        </>
      )}
    </fieldset>
  );
}
