import { useId } from "react";
import { NO_SCRIPT_TOKEN } from "../../../universal/support/contact-submission";
import { CONTACT_LIMITS, CONTACT_TOPICS } from "../../../universal/validation/contact-rules";
import { EMAIL_INPUT_PATTERN } from "../../../universal/validation/email-pattern";
import { useT } from "../../i18n/translator";
import type { ContactFieldErrors, ContactValues } from "../../lib/contact-action.server";
import { useLocale } from "../../lib/use-page";
import { WithValues } from "../account/with-values";
import { Field } from "../forms/field";
import { FORM_CARD_CLASS } from "../forms/form-card";

const CONTROL_CLASS = "rounded-lg border border-slate-400 bg-white px-3 py-2.5 aria-[invalid]:border-red-700";

/**
 * The contact form as plain HTML: it posts to the page's action and works without JavaScript.
 * The contact-form island (app/islands) reads the texts it shows from the data-* attributes.
 */
export function ContactForm({
  values,
  fieldErrors = {},
  formError,
  supportEmail,
}: {
  values?: ContactValues;
  fieldErrors?: ContactFieldErrors;
  formError?: string;
  supportEmail?: string;
}) {
  const t = useT("contact-us");
  const tf = useT("forms");
  const { to } = useLocale();
  const ids = { topic: useId(), message: useId() };
  const error = (field: keyof ContactFieldErrors) => fieldErrors[field];
  // The live checks' messages, per kind of problem the browser reports (ValidityState).
  const messages = (keys: Record<string, string>) =>
    JSON.stringify(Object.fromEntries(Object.entries(keys).map(([kind, key]) => [kind, tf(key)])));
  return (
    <form
      method="post"
      action={to("/contact-us")}
      noValidate
      className={FORM_CARD_CLASS}
      data-contact-form
      data-sending={tf("sending")}
      data-captcha-failed={tf("captcha.failed")}
      data-network={tf("api.network")}
    >
      <input type="hidden" name="recasign" value={NO_SCRIPT_TOKEN} />
      <Field
        label={t("fields.name.label")}
        name="name"
        autoComplete="name"
        defaultValue={values?.name}
        error={error("name")}
        required
        maxLength={CONTACT_LIMITS.nameMax}
        data-messages={messages({
          valueMissing: "contact-us:fields.name.required",
          tooLong: "contact-us:fields.name.long",
        })}
      />
      <Field
        label={tf("email.label")}
        type="email"
        name="email"
        autoComplete="email"
        dir="ltr"
        defaultValue={values?.email}
        error={error("email")}
        hint={t("fields.emailHint")}
        required
        pattern={EMAIL_INPUT_PATTERN}
        data-messages={messages({
          valueMissing: "email.required",
          typeMismatch: "email.invalid",
          patternMismatch: "email.invalid",
        })}
      />
      <div className="flex flex-col gap-1" data-field>
        <label htmlFor={ids.topic} className="text-sm font-medium">
          {t("fields.topic.label")}
        </label>
        <select
          id={ids.topic}
          name="topic"
          defaultValue={values?.topic ?? ""}
          required
          aria-invalid={error("topic") ? true : undefined}
          aria-describedby={error("topic") ? `${ids.topic}-error` : undefined}
          className={CONTROL_CLASS}
          data-messages={messages({ valueMissing: "contact-us:fields.topic.required" })}
        >
          <option value="">{t("fields.topic.choose")}</option>
          {CONTACT_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {t(`topics.${topic}`)}
            </option>
          ))}
        </select>
        {error("topic") ? (
          <p id={`${ids.topic}-error`} className="text-sm text-red-700" role="alert" data-field-error>
            {tf(error("topic") as string)}
          </p>
        ) : null}
      </div>
      <Field
        label={t("fields.orderId.label")}
        name="order_id"
        dir="ltr"
        defaultValue={values?.order_id}
        error={error("order_id")}
        hint={t("fields.orderId.hint")}
        maxLength={CONTACT_LIMITS.orderIdMax}
        pattern={CONTACT_LIMITS.orderIdPattern}
        data-messages={messages({
          patternMismatch: "contact-us:fields.orderId.invalid",
          tooLong: "contact-us:fields.orderId.invalid",
        })}
      />
      <div className="flex flex-col gap-1" data-field>
        <label htmlFor={ids.message} className="text-sm font-medium">
          {t("fields.message.label")}
        </label>
        <textarea
          id={ids.message}
          name="message"
          rows={7}
          defaultValue={values?.message}
          required
          minLength={CONTACT_LIMITS.messageMin}
          maxLength={CONTACT_LIMITS.messageMax}
          aria-invalid={error("message") ? true : undefined}
          aria-describedby={`${ids.message}-hint${error("message") ? ` ${ids.message}-error` : ""}`}
          className={CONTROL_CLASS}
          data-messages={messages({
            valueMissing: "contact-us:fields.message.required",
            tooShort: "contact-us:fields.message.short",
            tooLong: "contact-us:fields.message.long",
          })}
        />
        <p id={`${ids.message}-hint`} className="text-sm text-slate-600">
          <WithValues
            text={t("fields.message.hint")}
            values={{ count: <span data-count>{(values?.message ?? "").trim().length}</span> }}
          />
        </p>
        {error("message") ? (
          <p id={`${ids.message}-error`} className="text-sm text-red-700" role="alert" data-field-error>
            {tf(error("message") as string)}
          </p>
        ) : null}
      </div>
      <p className="text-sm text-slate-700">
        {t("privacy")}{" "}
        <a href={to("/privacy-policy")} className="text-brand-700 underline">
          {t("privacyLink")}
        </a>
      </p>
      {formError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-form-error>
          <WithValues
            text={tf(formError)}
            values={{
              email: (
                <a href={`mailto:${supportEmail}`} className="font-semibold underline">
                  <bdi dir="ltr">{supportEmail}</bdi>
                </a>
              ),
            }}
          />
        </p>
      ) : null}
      <noscript>
        <p className="text-sm text-slate-700">{t("noscript")}</p>
      </noscript>
      <button
        type="submit"
        className="min-h-11 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
      >
        {t("submit")}
      </button>
    </form>
  );
}
