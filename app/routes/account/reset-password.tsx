import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { emailIssue, passwordIssue, verificationCodeIssue } from "../../../universal/validation/account-checks";
import { CodeField } from "../../components/forms/code-field";
import { EmailField } from "../../components/forms/field";
import { FormCard } from "../../components/forms/form-card";
import { FormSuccess } from "../../components/forms/form-success";
import { NewPasswordFields } from "../../components/forms/new-password-fields";
import { PageIntro } from "../../components/page-intro";
import { useT } from "../../i18n/translator";
import { apiErrorKey, apiFieldErrors, useApi } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/reset-password";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "resetpassword", { namespaces: ["forms"] });
}

export default function ResetPasswordPage() {
  const t = useT("resetpassword");
  const tf = useT("forms");
  const { to } = useLocale();
  const [params] = useSearchParams();
  const call = useApi();
  const [email, setEmail] = useState(params.get("email") ?? "");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string>();
  const [serverFields, setServerFields] = useState<Record<string, string>>({});

  const errors = touched
    ? {
        email: emailIssue(email),
        code: code ? verificationCodeIssue(code) : "code.required",
        password: passwordIssue(password) ?? serverFields.password,
        repeat: repeat !== password ? "password.mismatch" : undefined,
      }
    : {};

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    setServerFields({});
    const valid = !emailIssue(email) && !verificationCodeIssue(code) && !passwordIssue(password) && repeat === password;
    if (!valid) return;
    setBusy(true);
    setError(undefined);
    try {
      await call("POST", "/api/mms/account/v1/web/reset_password", {
        email: email.trim(),
        code: code.trim(),
        password,
      });
      setDone(true);
    } catch (failure) {
      setServerFields(apiFieldErrors(failure));
      setError(apiErrorKey(failure));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <>
        <PageIntro />
        <FormSuccess message={t("done")}>
          <Link
            to={to("/login")}
            className="rounded-lg bg-brand-700 px-5 py-3 text-center font-semibold text-white hover:bg-brand-600"
          >
            {t("login")}
          </Link>
        </FormSuccess>
      </>
    );
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
          <Link to={to("/forgetpassword")} className="text-sm text-brand-700 underline">
            {t("resend")}
          </Link>
        }
      >
        <EmailField value={email} onChange={setEmail} error={errors.email} />
        <CodeField label={tf("code.label")} value={code} onChange={setCode} error={errors.code} required />
        <NewPasswordFields
          password={password}
          repeat={repeat}
          onPassword={setPassword}
          onRepeat={setRepeat}
          passwordError={errors.password}
          repeatError={errors.repeat}
          names={{ password: "password", repeat: "repeat" }}
          required
        />
      </FormCard>
    </>
  );
}
