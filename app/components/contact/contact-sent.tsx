import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import { FormSuccess } from "../forms/form-success";

/** What replaces the contact form once the report is sent: its reference, and a way to write again. */
export function ContactSent({ reference, email }: { reference: string; email: string }) {
  const t = useT("contact-us");
  const { to } = useLocale();
  return (
    <FormSuccess title={t("sent.title")} message={t("sent.body", { email })}>
      <p className="rounded-lg bg-brand-50 p-3 text-center">
        {t("sent.reference")}{" "}
        <strong className="font-mono text-lg" dir="ltr" data-testid="reference">
          {reference}
        </strong>
      </p>
      <a
        href={to("/contact-us")}
        className="min-h-11 rounded-lg border border-brand-700 px-5 py-2.5 text-center font-semibold text-brand-700"
      >
        {t("sent.another")}
      </a>
    </FormSuccess>
  );
}
