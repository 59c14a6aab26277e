import { useState } from "react";
import { useT } from "../../i18n/translator";
import { captchaCall } from "../../lib/captcha-call";
import { EmptyCaptchaToken } from "../../lib/captcha-error";
import { apiErrorKey, useApi } from "../../lib/use-api";
import { CodeField } from "./code-field";

/**
 * A code e-mailed to the account's address, and the field to type it in: how a form asks for
 * proof that the address is the visitor's (a first password, decision 020). The button asks
 * for the code (captcha first); what happened is said in a polite status line.
 */
export function EmailedCodeField({
  email,
  purpose,
  code,
  onCode,
  error,
}: {
  email: string;
  purpose: "set_password";
  code: string;
  onCode: (value: string) => void;
  /** A `forms` key shown under the field. */
  error?: string;
}) {
  const t = useT("forms");
  const call = useApi();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [sendError, setSendError] = useState<string>();

  async function send() {
    setSending(true);
    setSendError(undefined);
    try {
      const request = { email, purpose };
      await captchaCall(call, "POST", "/api/mms/account/v1/web/verification/request", request, "verification");
      setSent(true);
    } catch (failure) {
      setSendError(failure instanceof EmptyCaptchaToken ? "captcha.failed" : apiErrorKey(failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-4">
      <p className="text-sm text-slate-700">
        {t("code.proof")}{" "}
        <bdi dir="ltr" className="inline-block max-w-full break-words font-semibold">
          {email}
        </bdi>
      </p>
      <div className="flex flex-col gap-2">
        <button
          type="button"
          onClick={send}
          disabled={sending}
          aria-busy={sending}
          className="min-h-11 self-start rounded-lg border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
        >
          {sending ? t("sending") : sent ? t("code.resend") : t("code.send")}
        </button>
        <p role="status" className="text-sm text-slate-700">
          {sent && !sending ? t("code.sent") : ""}
        </p>
        {sendError ? (
          <p role="alert" className="text-sm text-red-700">
            {t(sendError)}
          </p>
        ) : null}
      </div>
      <CodeField label={t("code.label")} value={code} onChange={onCode} error={error} required />
    </div>
  );
}
