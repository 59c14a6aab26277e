import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { emailIssue } from "../../../universal/validation/account-checks";
import { EmailField, Field } from "../../components/forms/field";
import { FormCard } from "../../components/forms/form-card";
import { PageIntro } from "../../components/page-intro";
import { useT } from "../../i18n/translator";
import { captchaToken, EmptyCaptchaToken } from "../../lib/captcha";
import { sameSiteRedirect } from "../../lib/redirect-target";
import { apiErrorKey, apiFieldErrors, useApi } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { saveUserInfo } from "../../lib/user-info";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/login";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "login", { namespaces: ["forms"] });
}

type LoginAnswer = {
  user_id: number;
  email: string;
  is_password_set: boolean;
  vip: { is_vip: boolean; remain_time: number };
};

export default function LoginPage() {
  const t = useT("login");
  const tf = useT("forms");
  const { to } = useLocale();
  const [params] = useSearchParams();
  const call = useApi();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const emailError = touched ? (emailIssue(email) ?? fieldErrors.email) : undefined;
  const passwordError = touched && !password ? "password.required" : fieldErrors.password;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (emailIssue(email) || !password) return;
    setBusy(true);
    setError(undefined);
    try {
      const recasign = await captchaToken("login");
      const user = await call<LoginAnswer>("POST", "/api/mms/account/v1/web/login", { email, password, recasign });
      saveUserInfo(user);
      window.location.assign(sameSiteRedirect(params.get("redirect"), window.location.origin, to("/myaccount")));
    } catch (failure) {
      setFieldErrors(apiFieldErrors(failure));
      setError(failure instanceof EmptyCaptchaToken ? "captcha.failed" : apiErrorKey(failure));
      setBusy(false);
    }
  }

  return (
    <>
      <PageIntro />
      <FormCard
        onSubmit={submit}
        busy={busy}
        error={error}
        submitLabel={t("submit")}
        footer={
          <div className="flex flex-col gap-2 text-sm">
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
        <EmailField value={email} onChange={setEmail} error={emailError} />
        <Field
          label={tf("password.label")}
          password
          name="password"
          autoComplete="current-password"
          dir="ltr"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={passwordError}
          required
        />
      </FormCard>
    </>
  );
}
