import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { API_ERRORS } from "../../../universal/api/errors";
import { emailIssue } from "../../../universal/validation/account-checks";
import { normaliseVoucherCode } from "../../../universal/vouchers/voucher-code";
import { EmailField } from "../../components/forms/field";
import { FormCard } from "../../components/forms/form-card";
import { FormSuccess } from "../../components/forms/form-success";
import { VoucherCodeField } from "../../components/forms/voucher-code-field";
import { PageIntro } from "../../components/page-intro";
import { useT } from "../../i18n/translator";
import { ApiError } from "../../lib/api";
import { captchaCall } from "../../lib/captcha-call";
import { EmptyCaptchaToken } from "../../lib/captcha-error";
import { apiErrorKey, useApi } from "../../lib/use-api";
import { useLocale, useSignedIn } from "../../lib/use-page";
import { saveUserInfo } from "../../lib/user-info";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/redeem";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "redeem", { namespaces: ["forms"] });
}

type UserAnswer = Parameters<typeof saveUserInfo>[0];

/** Redeem a prepaid voucher (decision 046): on the signed-in account, or with a new one in the same step. */
export default function RedeemPage() {
  const t = useT("redeem");
  const { to } = useLocale();
  const call = useApi();
  const signedIn = useSignedIn();
  const [code, setCode] = useState("");
  const [email, setEmail] = useState("");
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string>();
  const codeError = touched && !normaliseVoucherCode(code) ? "redeem.code_format" : undefined;
  const emailError = touched && !signedIn ? emailIssue(email) : undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    const canonical = normaliseVoucherCode(code);
    if (!canonical || (!signedIn && emailIssue(email))) return;
    setBusy(true);
    setError(undefined);
    try {
      if (signedIn) {
        await call("POST", "/api/mms/account/v1/web/voucher/redeem", { code: canonical });
      } else {
        const user = await captchaCall<UserAnswer>(
          call,
          "POST",
          "/api/mms/account/v1/web/voucher/redeem_anonymous",
          { code: canonical, email: email.trim() },
          "signup",
        );
        saveUserInfo(user);
      }
      setDone(true);
    } catch (failure) {
      if (failure instanceof ApiError && failure.envelope.code === API_ERRORS.accountExists.code) {
        setError("redeem.account_exists");
      } else setError(failure instanceof EmptyCaptchaToken ? "captcha.failed" : apiErrorKey(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageIntro />
      {done ? (
        <FormSuccess message={t("done")}>
          <Link
            to={to("/myaccount")}
            className="rounded-lg bg-brand-700 px-5 py-3 text-center font-semibold text-white hover:bg-brand-600"
          >
            {t("to_account")}
          </Link>
        </FormSuccess>
      ) : (
        <FormCard onSubmit={submit} busy={busy} error={error} submitLabel={t("submit")}>
          <VoucherCodeField name="voucher" value={code} onChange={setCode} error={codeError} />
          {signedIn ? null : <EmailField value={email} onChange={setEmail} error={emailError} hint={t("email_hint")} />}
        </FormCard>
      )}
    </>
  );
}
