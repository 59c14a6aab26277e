import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { CONTACT_TOPICS, contactSchema } from "../../universal/validation/contact-rules";
import { EmailField, Field } from "../components/forms/field";
import { FormCard } from "../components/forms/form-card";
import { FormSuccess } from "../components/forms/form-success";
import { PageIntro } from "../components/page-intro";
import { useT } from "../i18n/translator";
import { captchaToken, EmptyCaptchaToken } from "../lib/captcha";
import { apiErrorKey, apiFieldErrors, useApi } from "../lib/use-api";
import { useLocale } from "../lib/use-page";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/contact-us";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "contact-us", { namespaces: ["forms"] });
}

type Values = { name: string; email: string; topic: string; message: string; order_id: string };
const EMPTY: Values = { name: "", email: "", topic: "", message: "", order_id: "" };

export default function ContactUsPage() {
  const t = useT("contact-us");
  const tf = useT("forms");
  const { locale, to } = useLocale();
  const call = useApi();
  const ids = { topic: useId(), message: useId() };
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<{ reference: string; email: string }>();

  const input = { ...values, order_id: values.order_id || undefined };
  const checked = contactSchema.safeParse(input);
  const fieldError = (field: keyof Values): string | undefined => {
    if (!touched) return serverErrors[field];
    const issue = checked.error?.issues.find((candidate) => candidate.path[0] === field);
    return issue?.message ?? serverErrors[field];
  };
  // E-mail messages live in the forms catalogue, the others in this page's.
  const message = (field: keyof Values) => {
    const key = fieldError(field);
    if (!key) return undefined;
    return field === "email" ? key : `contact-us:${key}`;
  };
  const set = (field: keyof Values) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (!checked.success) return;
    setBusy(true);
    setError(undefined);
    setServerErrors({});
    try {
      const recasign = await captchaToken("contact_us");
      const answer = await call<{ reference: string }>("POST", "/api/mms/report/v1/contact_us", {
        ...checked.data,
        recasign,
        language: locale,
      });
      setSent({ reference: answer.reference, email: checked.data.email });
      setValues(EMPTY);
      setTouched(false);
    } catch (failure) {
      setServerErrors(apiFieldErrors(failure));
      setError(failure instanceof EmptyCaptchaToken ? "captcha.failed" : apiErrorKey(failure));
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <>
        <PageIntro />
        <FormSuccess title={t("sent.title")} message={t("sent.body", { email: sent.email })}>
          <p className="rounded-lg bg-brand-50 p-3 text-center">
            {t("sent.reference")}{" "}
            <strong className="font-mono text-lg" dir="ltr" data-testid="reference">
              {sent.reference}
            </strong>
          </p>
          <button
            type="button"
            onClick={() => setSent(undefined)}
            className="min-h-11 rounded-lg border border-brand-700 px-5 py-2.5 font-semibold text-brand-700"
          >
            {t("sent.another")}
          </button>
        </FormSuccess>
      </>
    );
  }

  return (
    <>
      <PageIntro />
      <FormCard onSubmit={submit} busy={busy} error={error} submitLabel={t("submit")}>
        <Field
          label={t("fields.name.label")}
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(event) => set("name")(event.target.value)}
          error={message("name")}
          required
          maxLength={100}
        />
        <EmailField
          value={values.email}
          onChange={set("email")}
          error={message("email")}
          hint={t("fields.emailHint")}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.topic} className="text-sm font-medium">
            {t("fields.topic.label")}
          </label>
          <select
            id={ids.topic}
            name="topic"
            value={values.topic}
            onChange={(event) => set("topic")(event.target.value)}
            required
            aria-invalid={message("topic") ? true : undefined}
            aria-describedby={message("topic") ? `${ids.topic}-error` : undefined}
            className="rounded-lg border border-slate-400 bg-white px-3 py-2.5 aria-[invalid]:border-red-700"
          >
            <option value="">{t("fields.topic.choose")}</option>
            {CONTACT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {t(`topics.${topic}`)}
              </option>
            ))}
          </select>
          {message("topic") ? (
            <p id={`${ids.topic}-error`} className="text-sm text-red-700" role="alert">
              {tf(message("topic") as string)}
            </p>
          ) : null}
        </div>
        <Field
          label={t("fields.orderId.label")}
          name="order_id"
          dir="ltr"
          value={values.order_id}
          onChange={(event) => set("order_id")(event.target.value)}
          error={message("order_id")}
          hint={t("fields.orderId.hint")}
          maxLength={64}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.message} className="text-sm font-medium">
            {t("fields.message.label")}
          </label>
          <textarea
            id={ids.message}
            name="message"
            rows={7}
            value={values.message}
            onChange={(event) => set("message")(event.target.value)}
            required
            maxLength={5000}
            aria-invalid={message("message") ? true : undefined}
            aria-describedby={`${ids.message}-hint${message("message") ? ` ${ids.message}-error` : ""}`}
            className="rounded-lg border border-slate-400 bg-white px-3 py-2.5 aria-[invalid]:border-red-700"
          />
          <p id={`${ids.message}-hint`} className="text-sm text-slate-600">
            {t("fields.message.hint", { count: values.message.trim().length })}
          </p>
          {message("message") ? (
            <p id={`${ids.message}-error`} className="text-sm text-red-700" role="alert">
              {tf(message("message") as string)}
            </p>
          ) : null}
        </div>
        <p className="text-sm text-slate-700">
          {t("privacy")}{" "}
          <Link to={to("/privacy-policy")} className="text-brand-700 underline">
            {t("privacyLink")}
          </Link>
        </p>
      </FormCard>
    </>
  );
}
