import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { emailIssue } from "../../../universal/validation/account-checks";
import { EmailField } from "../../components/forms/field";
import { FormCard } from "../../components/forms/form-card";
import { FormSuccess } from "../../components/forms/form-success";
import { PageIntro } from "../../components/page-intro";
import { useT } from "../../i18n/translator";
import { captchaCall } from "../../lib/captcha-call";
import { EmptyCaptchaToken } from "../../lib/captcha-error";
import { apiErrorKey, useApi } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/forget-password";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "forgetpassword", { namespaces: ["forms"] });
}

export default function ForgetPasswordPage() {
  const t = useT("forgetpassword");
  const { to } = useLocale();
  const call = useApi();
  const [email, setEmail] = useState("");
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string>();
  const [error, setError] = useState<string>();
  const emailError = touched ? emailIssue(email) : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (emailIssue(email)) return;
    setBusy(true);
    setError(undefined);
    try {
      const request = { email: email.trim(), purpose: "reset_password" };
      await captchaCall(call, "POST", "/api/mms/account/v1/web/verification/request", request, "verification");
      setSentTo(email.trim());
    } catch (failure) {
      setError(failure instanceof EmptyCaptchaToken ? "captcha.failed" : apiErrorKey(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageIntro />
      {sentTo ? (
        <FormSuccess message={t("sent", { email: sentTo })}>
          <Link
            to={`${to("/resetpassword")}?email=${encodeURIComponent(sentTo)}`}
            className="rounded-lg bg-brand-700 px-5 py-3 text-center font-semibold text-white hover:bg-brand-600"
          >
            {t("continue")}
          </Link>
        </FormSuccess>
      ) : (
        <FormCard
          onSubmit={submit}
          busy={busy}
          error={error}
          submitLabel={t("submit")}
          footer={
            <Link to={to("/login")} className="text-sm text-brand-700 underline">
              {t("back")}
            </Link>
          }
        >
          <EmailField value={email} onChange={setEmail} error={emailError} />
        </FormCard>
      )}
    </>
  );
}
