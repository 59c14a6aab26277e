import { verificationCodeIssue } from "../../../universal/validation/account-checks";
import { useT } from "../../i18n/translator";
import { CodeField } from "../forms/code-field";
import { EmailField } from "../forms/field";
import { SecondFactorFields } from "../two-factor/second-factor-fields";
import type { SecondFactor } from "../two-factor/use-second-factor";

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
  secondFactor,
  secondFactorError,
  onSignedIn,
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
  /** After the e-mailed code, an account with two-factor sign-in owes its second factor. */
  secondFactor: SecondFactor;
  secondFactorError?: string;
  onSignedIn: (user: never) => void;
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
          {secondFactor.pending?.token ? (
            <SecondFactorFields
              step={secondFactor}
              error={secondFactorError}
              onPasskey={() => secondFactor.withPasskey<never>().then(onSignedIn, () => undefined)}
            />
          ) : needCode ? (
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
