import { type FormEvent, useEffect, useRef, useState } from "react";
import { API_ERRORS } from "../../../universal/api/errors";
import { useT } from "../../i18n/translator";
import { ApiError } from "../../lib/api";
import { apiErrorKey } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { clearUserInfo } from "../../lib/user-info";
import { Field } from "../forms/field";
import type { Profile } from "./account-api";
import { useAccountApi } from "./account-api";

/** What the form says in its own live region: its errors, the code sent, and the end. */
type FormNotice = { tone: "success" | "error"; text: string } | null;

/**
 * The second step of a deletion: the password (or, without one, a code e-mailed on request)
 * proves it is the owner. A processor that would not stop the renewal leaves everything as it was,
 * and the form says so; once deleted, the page says goodbye and leads home.
 */
export function DeleteAccountForm({ profile, onCancel }: { profile: Profile; onCancel: () => void }) {
  const t = useT("myaccount");
  const tf = useT("forms");
  const { to } = useLocale();
  const api = useAccountApi();
  const withPassword = profile.is_password_set;
  // An account-number account confirms with its own number (decision 042).
  const withNumber = profile.email === null;
  const [secret, setSecret] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [notice, setNotice] = useState<FormNotice>(null);
  const [busy, setBusy] = useState(false);
  const [deleted, setDeleted] = useState(false);
  // The button that opened the form is gone: focus moves to the form's field.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => formRef.current?.querySelector("input")?.focus(), []);

  async function sendCode() {
    setBusy(true);
    setNotice(null);
    try {
      await api.sendDeletionCode();
      setNotice({ tone: "success", text: tf("code.sent") });
    } catch (error) {
      setNotice({ tone: "error", text: tf(apiErrorKey(error)) });
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    if (!secret) {
      setFieldError(withNumber ? "accountNumber.required" : withPassword ? "password.required" : "code.required");
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      await api.deleteAccount(
        withNumber ? { account_number: secret } : withPassword ? { password: secret } : { code: secret },
      );
      clearUserInfo();
      setDeleted(true);
    } catch (error) {
      const code = error instanceof ApiError ? error.envelope.code : 0;
      if (code === API_ERRORS.oldPasswordWrong.code) setFieldError("password.wrong");
      else if (code === API_ERRORS.codeInvalid.code) setFieldError("api.40103");
      else if (code === API_ERRORS.accountNumberWrong.code) setFieldError("api.40171");
      else if (code === API_ERRORS.processorRefused.code)
        setNotice({ tone: "error", text: t("data.processorRefused") });
      else setNotice({ tone: "error", text: tf(apiErrorKey(error)) });
    } finally {
      setBusy(false);
    }
  }

  if (deleted) {
    return (
      <div role="status" className="flex flex-col gap-2 rounded-lg bg-green-50 p-3 text-sm text-green-900">
        <p>{t("data.deleted")}</p>
        <a href={to("/")} className="font-semibold underline">
          {t("data.home")}
        </a>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-lg border border-red-200 p-3"
    >
      <p className="text-sm">
        {withNumber ? t("data.numberPrompt") : withPassword ? t("data.passwordPrompt") : t("data.codePrompt")}
      </p>
      {withPassword || withNumber ? null : (
        <button
          type="button"
          onClick={sendCode}
          disabled={busy}
          className="min-h-11 self-start rounded-lg border border-slate-400 px-4 py-2 text-sm font-semibold hover:bg-slate-50"
        >
          {tf("code.send")}
        </button>
      )}
      <Field
        label={withNumber ? tf("accountNumber.label") : withPassword ? tf("password.currentLabel") : tf("code.label")}
        name={withNumber ? "delete-account-number" : withPassword ? "delete-password" : "delete-code"}
        password={withPassword && !withNumber}
        autoComplete={withNumber ? "off" : withPassword ? "current-password" : "one-time-code"}
        inputMode={withPassword && !withNumber ? undefined : "numeric"}
        dir="ltr"
        value={secret}
        onChange={(e) => setSecret(withNumber ? e.target.value : e.target.value.trim())}
        error={fieldError}
      />
      <p
        role="status"
        className={`text-sm ${notice?.tone === "error" ? "font-medium text-red-700" : "text-green-800"}`}
      >
        {notice?.text ?? ""}
      </p>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
        >
          {t("data.deleteSubmit")}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className="min-h-11 rounded-lg border border-slate-400 px-4 py-2 text-sm font-semibold hover:bg-slate-50"
        >
          {t("data.keep")}
        </button>
      </div>
    </form>
  );
}
