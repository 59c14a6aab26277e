import { type FormEvent, useState } from "react";
import { emailIssue, verificationCodeIssue } from "../../../universal/validation/account-checks";
import { useT } from "../../i18n/translator";
import { apiErrorKey, apiFieldErrors } from "../../lib/use-api";
import { CodeField } from "../forms/code-field";
import { Field } from "../forms/field";
import { useSubmitFeedback } from "../forms/use-submit-feedback";
import { type Profile, type SectionNotice, useAccountApi } from "./account-api";
import { AccountCard } from "./account-card";
import { WithValues } from "./with-values";

const button =
  "min-h-11 self-start rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600";

/**
 * Change the account's address: a code goes to the new address and confirms it; the old address
 * is told, with a link that undoes the change for 72 hours (core/auth/email-change.ts).
 */
export function EmailSection({ profile, onDone }: { profile: Profile; onDone: (profile: Profile) => void }) {
  const t = useT("myaccount");
  const tf = useT("forms");
  const api = useAccountApi();
  const [newEmail, setNewEmail] = useState("");
  const [code, setCode] = useState("");
  const [sentTo, setSentTo] = useState<string>();
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const { formRef, submitted } = useSubmitFeedback(busy);
  const [notice, setNotice] = useState<SectionNotice>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});

  const errors = touched
    ? {
        email: emailIssue(newEmail) ?? serverFields.new_email,
        code: sentTo ? ((code ? verificationCodeIssue(code) : "code.required") ?? serverFields.code) : undefined,
      }
    : {};

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setNotice(null);
    setServerFields({});
    try {
      await action();
      setTouched(false);
    } catch (error) {
      const fields = apiFieldErrors(error);
      setServerFields(fields);
      if (Object.keys(fields).length === 0) setNotice({ tone: "error", text: tf(apiErrorKey(error)) });
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    submitted();
    event.preventDefault();
    setTouched(true);
    const address = newEmail.trim();
    if (emailIssue(address)) return;
    if (!sentTo) {
      await run(async () => {
        await api.requestEmailChange(address);
        setSentTo(address);
        setNotice({ tone: "success", text: t("emailChange.codeSent", { email: address }) });
      });
      return;
    }
    if (verificationCodeIssue(code)) return;
    await run(async () => {
      const updated = await api.confirmEmailChange(sentTo, code.trim());
      setNotice({ tone: "success", text: t("emailChange.done", { email: updated.email ?? "" }) });
      setSentTo(undefined);
      setNewEmail("");
      setCode("");
      onDone(updated);
    });
  }

  return (
    <AccountCard title={profile.email ? t("emailChange.title") : t("emailChange.addTitle")} busy={busy} notice={notice}>
      <p className="text-sm">
        {profile.email ? (
          <WithValues text={t("emailChange.intro")} values={{ email: <bdi dir="ltr">{profile.email}</bdi> }} />
        ) : (
          // An account-number account (decision 042): the address makes it an ordinary account.
          t("emailChange.addIntro")
        )}
      </p>
      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-3">
        <Field
          label={t("emailChange.newLabel")}
          type="email"
          name="new-email"
          autoComplete="email"
          dir="ltr"
          value={newEmail}
          readOnly={Boolean(sentTo)}
          onChange={(event) => setNewEmail(event.target.value)}
          error={errors.email}
        />
        {sentTo ? (
          <CodeField label={tf("code.label")} value={code} onChange={setCode} error={errors.code} required />
        ) : null}
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={busy} className={button}>
            {sentTo ? t("emailChange.confirm") : t("emailChange.send")}
          </button>
          {sentTo ? (
            <button
              type="button"
              className="min-h-11 rounded-lg border border-slate-400 px-4 py-2 text-sm font-semibold hover:bg-slate-50"
              onClick={() => {
                setSentTo(undefined);
                setCode("");
                setNotice(null);
                setTouched(false);
              }}
            >
              {t("emailChange.other")}
            </button>
          ) : null}
        </div>
      </form>
    </AccountCard>
  );
}
