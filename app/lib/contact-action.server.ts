import { type ContactOutcome, NO_SCRIPT_TOKEN } from "../../universal/support/contact-submission";
import { contactSchema } from "../../universal/validation/contact-rules";

/** The contact form's fields, in the order the page shows them. */
export const CONTACT_FIELDS = ["name", "email", "topic", "order_id", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/** What the form post answers: the reference, or the form again with what was wrong. */
export type ContactFormState =
  | { status: "sent"; reference: string; email: string }
  | {
      status: "refused";
      values: ContactValues;
      fieldErrors: ContactFieldErrors;
      formError?: string;
      /** Where to write instead when the form cannot be sent (shown in `formError`). */
      supportEmail?: string;
    };

/**
 * Reads a posted contact form and checks it with the API's rules. Field errors are catalogue
 * keys: the e-mail's from `forms`, the others from `contact-us` (prefixed, for the forms translator).
 */
export function readContactForm(form: FormData) {
  const values = Object.fromEntries(
    CONTACT_FIELDS.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value : ""];
    }),
  ) as ContactValues;
  const recasign = form.get("recasign");
  const checked = contactSchema.safeParse({ ...values, order_id: values.order_id || undefined });
  const fieldErrors: ContactFieldErrors = {};
  for (const issue of checked.error?.issues ?? []) {
    const field = issue.path[0] as ContactField;
    fieldErrors[field] ??= field === "email" ? issue.message : `contact-us:${issue.message}`;
  }
  return {
    values,
    recasign: typeof recasign === "string" ? recasign : "",
    report: checked.success ? checked.data : null,
    fieldErrors,
  };
}

/**
 * The form's error line for a refused report. Without a captcha token the browser could not run
 * the check (no JavaScript, NO_SCRIPT_TOKEN): that visitor is told so and given the support address.
 */
export function contactFormError(outcome: Exclude<ContactOutcome, { status: "sent" }>, recasign: string): string {
  if (outcome.status === "tooManyRequests") return "api.42900";
  return recasign && recasign !== NO_SCRIPT_TOKEN ? "captcha.failed" : "contact-us:captchaNeedsScript";
}
