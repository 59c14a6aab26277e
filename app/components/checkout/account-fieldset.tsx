import { lazy, Suspense } from "react";
import { verificationCodeIssue } from "../../../universal/validation/account-checks";
import { useT } from "../../i18n/translator";
import { CodeField } from "../forms/code-field";
import { EmailField } from "../forms/field";
import type { SecondFactor } from "../two-factor/use-second-factor";

// Loaded when a buyer's account asks for its second factor: most checkouts never show it.
const SecondFactorFields = lazy(() =>
  import("../two-factor/second-factor-fields").then((module) => ({ default: module.SecondFactorFields })),
);

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
            <Suspense fallback={null}>
              <SecondFactorFields
                step={secondFactor}
                error={secondFactorError}
                onPasskey={() => secondFactor.withPasskey<never>().then(onSignedIn, () => undefined)}
              />
            </Suspense>
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
