import { type FormEvent, useState } from "react";
import { API_ERRORS } from "../../../universal/api/errors";
import { useT } from "../../i18n/translator";
import { ApiError } from "../../lib/api";
import { apiErrorKey, apiFieldErrors } from "../../lib/use-api";
import { Field } from "../forms/field";
import { NewPasswordWithCode, useNewPassword } from "../forms/new-password-with-code";
import { useSubmitFeedback } from "../forms/use-submit-feedback";
import { type Profile, type SectionNotice, useAccountApi } from "./account-api";
import { AccountCard } from "./account-card";

/**
 * Set a first password (after an anonymous purchase; with an e-mailed code until the address is
 * proved, decision 020) or change it; field errors sit under their field.
 */
export function PasswordSection({ profile, onDone }: { profile: Profile; onDone: (profile: Profile) => void }) {
  const passwordSet = profile.is_password_set;
  const codeNeeded = !passwordSet && !profile.is_email_verified;
  const t = useT("myaccount");
  const tf = useT("forms");
  const api = useAccountApi();
  const [current, setCurrent] = useState("");
  const form = useNewPassword(codeNeeded);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const { formRef, submitted } = useSubmitFeedback(busy);
  const [notice, setNotice] = useState<SectionNotice>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    submitted();
    event.preventDefault();
    setTouched(true);
    setServerFields({});
    setNotice(null);
    if (!form.valid || (passwordSet && !current)) return;
    setBusy(true);
    try {
      const updated = passwordSet
        ? await api.changePassword(current, form.password)
        : await api.setPassword(form.setPasswordBody());
      setNotice({ tone: "success", text: passwordSet ? t("password.changeDone") : t("password.setDone") });
      setCurrent("");
      form.clear();
      setTouched(false);
      onDone(updated);
    } catch (error) {
      // A wrong current password belongs under that field.
      const fields =
        error instanceof ApiError && error.envelope.code === API_ERRORS.oldPasswordWrong.code
          ? { old_password: "api.40106" }
          : apiFieldErrors(error);
      setServerFields(fields);
      // A field's error shows under the field; only what belongs to no field goes to the live region.
      if (Object.keys(fields).length === 0) setNotice({ tone: "error", text: tf(apiErrorKey(error)) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountCard title={passwordSet ? t("password.changeTitle") : t("password.setTitle")} busy={busy} notice={notice}>
      <p className="text-sm">{passwordSet ? t("password.changeIntro") : t("password.setIntro")}</p>
      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-3">
        {passwordSet ? (
          <Field
            label={tf("password.currentLabel")}
            name="current-password"
            password
            autoComplete="current-password"
            dir="ltr"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            error={(touched && !current ? "password.required" : undefined) ?? serverFields.old_password}
          />
        ) : null}
        <NewPasswordWithCode
          form={form}
          email={profile.email ?? ""}
          touched={touched}
          codeError={serverFields.code}
          passwordError={serverFields.new_password ?? serverFields.password}
          names={{ password: "new-password", repeat: "repeat-password" }}
        />
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 self-start rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
        >
          {passwordSet ? t("password.changeSubmit") : t("password.setSubmit")}
        </button>
      </form>
    </AccountCard>
  );
}
