import { type FormEvent, lazy, Suspense, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { API_ERRORS } from "../../../universal/api/errors";
import { emailIssue } from "../../../universal/validation/account-checks";
import { EmailField, Field } from "../../components/forms/field";
import { FormCard } from "../../components/forms/form-card";
import { PageIntro } from "../../components/page-intro";
import { PasskeySignInButton } from "../../components/two-factor/passkey-sign-in-button";
import { pendingFrom, useSecondFactor } from "../../components/two-factor/use-second-factor";
import { useT } from "../../i18n/translator";
import { ApiError } from "../../lib/api";
import { captchaCall } from "../../lib/captcha-call";
import { EmptyCaptchaToken } from "../../lib/captcha-error";
import { passkeyCancelled } from "../../lib/passkey-client";
import { sameSiteRedirect } from "../../lib/redirect-target";
import { apiErrorKey, apiFieldErrors, useApi } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { saveUserInfo } from "../../lib/user-info";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/login";

// Loaded when shown: the second step after a password, account numbers only where the operator has them on.
const SecondFactorFields = lazy(() =>
  import("../../components/two-factor/second-factor-fields").then((module) => ({ default: module.SecondFactorFields })),
);
const AccountNumberCard = lazy(() =>
  import("../../components/account-number/account-number-card").then((module) => ({
    default: module.AccountNumberCard,
  })),
);

export async function loader(args: Route.LoaderArgs) {
  const page = await loadPage(args, "login", { namespaces: ["forms", "twofactor"] });
  // ACCOUNT_NUMBERS=on (decision 042); off, the page shows nothing of account numbers.
  return { ...page, accountNumbers: args.context.accountNumbers === true };
}

type LoginAnswer = {
  user_id: number;
  email: string | null;
  is_password_set: boolean;
  vip: { is_vip: boolean; remain_time: number };
};

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const t = useT("login");
  const tf = useT("forms");
  const { to } = useLocale();
  const [params] = useSearchParams();
  const call = useApi();
  const step = useSecondFactor();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const emailError = touched ? (emailIssue(email) ?? fieldErrors.email) : undefined;
  const passwordError = touched && !password ? "password.required" : fieldErrors.password;

  function signedIn(user: LoginAnswer) {
    saveUserInfo(user);
    window.location.assign(sameSiteRedirect(params.get("redirect"), window.location.origin, to("/myaccount")));
  }

  function failed(failure: unknown) {
    // A pending sign-in that expired or ran out of tries: back to the password.
    if (failure instanceof ApiError && failure.envelope.code === API_ERRORS.signInStepExpired.code) {
      step.start({ token: "", methods: [] });
      setPassword("");
      setTouched(false);
    }
    setFieldErrors(step.pending ? { code: apiErrorKey(failure) } : apiFieldErrors(failure));
    setError(failure instanceof EmptyCaptchaToken ? "captcha.failed" : apiErrorKey(failure));
    setBusy(false);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (step.pending?.token) return finishSecondStep();
    if (emailIssue(email) || !password) return;
    setBusy(true);
    setError(undefined);
    try {
      // SPEC §7: login is an r2 call (its alias /ws/mm/reca/r2/...).
      const login = "/api/mms/account/v1/web/login";
      const answer = await captchaCall<LoginAnswer>(call, "POST", login, { email, password }, "login");
      signedIn(answer);
    } catch (failure) {
      const pending = pendingFrom(failure);
      if (!pending) return failed(failure);
      step.start(pending);
      setFieldErrors({});
      setBusy(false);
    }
  }

  async function finishSecondStep(passkey = false) {
    const issue = passkey ? undefined : step.codeIssue();
    setFieldErrors(issue ? { code: issue } : {});
    setError(undefined);
    if (issue) return;
    setBusy(true);
    try {
      signedIn(passkey ? await step.withPasskey<LoginAnswer>() : await step.finish<LoginAnswer>());
    } catch (failure) {
      if (passkeyCancelled(failure)) return setBusy(false);
      failed(failure);
    }
  }

  const secondStep = Boolean(step.pending?.token);
  return (
    <>
      <PageIntro />
      <FormCard
        onSubmit={submit}
        busy={busy}
        error={secondStep && fieldErrors.code ? undefined : error}
        submitLabel={secondStep ? tf("submit") : t("submit")}
        footer={
          <div className="flex flex-col gap-2 text-sm">
            {!secondStep && hydrated ? <PasskeySignInButton onSignedIn={signedIn} /> : null}
            <Link to={to("/forgetpassword")} className="text-brand-700 underline">
              {t("forgot")}
            </Link>
            <p>
              {t("noAccount")}{" "}
              <Link to={to("/pricing")} className="text-brand-700 underline">
                {t("choosePlan")}
              </Link>
            </p>
          </div>
        }
      >
        {secondStep ? (
          <Suspense fallback={null}>
            <SecondFactorFields
              step={step}
              error={fieldErrors.code}
              busy={busy}
              onPasskey={() => finishSecondStep(true)}
            />
          </Suspense>
        ) : (
          <>
            <EmailField value={email} onChange={setEmail} error={emailError} />
            <Field
              label={tf("password.label")}
              password
              name="password"
              autoComplete="current-password webauthn"
              dir="ltr"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={passwordError}
              required
            />
          </>
        )}
      </FormCard>
      {loaderData.accountNumbers && !secondStep ? (
        <Suspense fallback={null}>
          <AccountNumberCard
            onSignedIn={signedIn}
            onPending={(pending) => {
              step.start(pending);
              setFieldErrors({});
              setError(undefined);
              window.scrollTo({ top: 0 });
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
