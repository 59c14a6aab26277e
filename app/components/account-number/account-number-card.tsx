import { type FormEvent, useId, useRef, useState } from "react";
import { formatAccountNumber, parseAccountNumber } from "../../../universal/account/account-number";
import { useT } from "../../i18n/translator";
import { captchaCall } from "../../lib/captcha-call";
import { EmptyCaptchaToken } from "../../lib/captcha-error";
import { apiErrorKey, apiFieldErrors, useApi } from "../../lib/use-api";
import { Field } from "../forms/field";
import { useSubmitFeedback } from "../forms/use-submit-feedback";
import { type PendingSignIn, pendingFrom } from "../two-factor/use-second-factor";

/** What a sign-in answers (the login page's LoginAnswer); a new account also carries its number once. */
export type NumberAnswer = {
  user_id: number;
  email: string | null;
  is_password_set: boolean;
  is_email_verified?: boolean;
  vip: { is_vip: boolean; remain_time: number };
  account_number?: string;
};

const API = "/api/mms/account/v1/web/account_number";
const primary =
  "min-h-11 self-start rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600 disabled:opacity-60";
const secondary =
  "min-h-11 self-start rounded-lg border border-slate-400 px-4 py-2 text-sm font-semibold hover:bg-slate-50";

/**
 * Account numbers on /login (decision 042; only with ACCOUNT_NUMBERS=on): sign in with one, or
 * open an account with a new one after being told what an account without an e-mail address
 * loses. The new number is shown once, grouped and left to right in every language, and the
 * visitor confirms they saved it before going on.
 */
export function AccountNumberCard({
  onSignedIn,
  onPending,
}: {
  onSignedIn: (user: NumberAnswer) => void;
  onPending: (pending: PendingSignIn) => void;
}) {
  const t = useT("login");
  const tf = useT("forms");
  const call = useApi();
  const [typed, setTyped] = useState("");
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldError, setFieldError] = useState<string>();
  const [created, setCreated] = useState<NumberAnswer | null>(null);
  const [saved, setSaved] = useState(false);
  const { formRef, submitted } = useSubmitFeedback(busy);
  const shownRef = useRef<HTMLDivElement>(null);
  const headingId = useId();

  const localIssue = touched
    ? !typed.trim()
      ? "accountNumber.required"
      : parseAccountNumber(typed)
        ? undefined
        : "accountNumber.format"
    : undefined;

  async function signIn(event: FormEvent<HTMLFormElement>) {
    submitted();
    event.preventDefault();
    setTouched(true);
    if (!parseAccountNumber(typed)) return;
    setBusy(true);
    setError(undefined);
    setFieldError(undefined);
    try {
      onSignedIn(await captchaCall<NumberAnswer>(call, "POST", `${API}/login`, { account_number: typed }, "login"));
    } catch (failure) {
      const pending = pendingFrom(failure);
      if (pending) {
        onPending(pending);
      } else {
        const fields = apiFieldErrors(failure);
        setFieldError(fields.account_number);
        if (!fields.account_number) {
          setError(failure instanceof EmptyCaptchaToken ? "captcha.failed" : apiErrorKey(failure));
        }
      }
      setBusy(false);
    }
  }

  async function create() {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await captchaCall<NumberAnswer>(call, "POST", API, {}, "signup");
      setCreated(answer);
      // The number replaces the explanation: bring it into view and read it out.
      requestAnimationFrame(() => shownRef.current?.focus());
    } catch (failure) {
      setError(failure instanceof EmptyCaptchaToken ? "captcha.failed" : apiErrorKey(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto mb-16 flex w-full max-w-md flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {t("number.heading")}
      </h2>
      {created?.account_number ? (
        <div ref={shownRef} tabIndex={-1} className="flex flex-col gap-3 outline-none">
          <p className="text-sm font-medium">{t("number.yours")}</p>
          <p
            dir="ltr"
            className="rounded-lg bg-slate-100 px-3 py-3 text-center font-mono text-2xl font-semibold tracking-wider"
            data-account-number
          >
            {formatAccountNumber(created.account_number)}
          </p>
          <p className="text-sm font-medium text-red-800">{t("number.writeDown")}</p>
          <p className="text-sm">{t("number.addEmailLater")}</p>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-5"
              checked={saved}
              onChange={(event) => setSaved(event.target.checked)}
            />
            {t("number.saved")}
          </label>
          <button type="button" className={primary} disabled={!saved} onClick={() => onSignedIn(created)}>
            {t("number.continue")}
          </button>
        </div>
      ) : (
        <>
          <form ref={formRef} noValidate onSubmit={signIn} className="flex flex-col gap-3">
            <Field
              label={t("number.label")}
              name="account-number"
              autoComplete="off"
              inputMode="numeric"
              dir="ltr"
              placeholder="0000 0000 0000 0000"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              error={localIssue ?? fieldError}
              required
            />
            <button type="submit" className={primary} disabled={busy}>
              {t("number.signIn")}
            </button>
          </form>
          <h3 className="mt-2 font-semibold">{t("number.createHeading")}</h3>
          <p className="text-sm">{t("number.createIntro")}</p>
          <ul className="list-disc ps-5 text-sm">
            <li>{t("number.loseReset")}</li>
            <li>{t("number.loseMail")}</li>
            <li>{t("number.loseSupport")}</li>
          </ul>
          <button type="button" className={secondary} disabled={busy} onClick={create}>
            {t("number.create")}
          </button>
        </>
      )}
      <p role="status" className="text-sm font-medium text-red-700">
        {error ? tf(error) : ""}
      </p>
    </section>
  );
}
