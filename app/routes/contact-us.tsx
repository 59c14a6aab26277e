import { data } from "react-router";
import { splitLocale } from "../../universal/i18n/locales";
import { ContactForm } from "../components/contact/contact-form";
import { ContactSent } from "../components/contact/contact-sent";
import { PageIntro } from "../components/page-intro";
import type { IslandsHandle } from "../islands/island-scripts";
import { type ContactFormState, contactFormError, readContactForm } from "../lib/contact-action.server";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/contact-us";

export const handle = { islands: ["contact-form"] } satisfies IslandsHandle;

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "contact-us", { namespaces: ["forms"] });
}

/**
 * The form's post, with or without JavaScript (the island posts the same form): the API's rules,
 * then the API's own sending (load context), answered with this page in the visitor's language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { values, recasign, report, fieldErrors } = readContactForm(await request.formData());
  const refused = (formError: string | undefined, status: number, headers?: HeadersInit) =>
    data<ContactFormState>(
      { status: "refused", values, fieldErrors, formError, supportEmail: context.siteInfo?.supportEmail },
      { status, headers },
    );
  if (!report) return refused("api.40000", 400);
  if (!context.sendContactReport) throw new Error("the contact form needs the server's sendContactReport");
  const outcome = await context.sendContactReport({
    ...report,
    recasign,
    language: splitLocale(new URL(request.url).pathname).locale,
  });
  if (outcome.status === "sent") {
    return data<ContactFormState>({ status: "sent", reference: outcome.reference, email: report.email });
  }
  if (outcome.status === "tooManyRequests") {
    return refused(contactFormError(outcome, recasign), 429, { "Retry-After": String(outcome.retryAfterSeconds) });
  }
  return refused(contactFormError(outcome, recasign), 400);
}

/** The action's Retry-After (rate limit) reaches the answer, with the layouts' and loader's headers. */
export function headers({ parentHeaders, loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const merged = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders]) {
    for (const [name, value] of source) merged.set(name, value);
  }
  return merged;
}

export default function ContactUsPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro />
      <div data-contact-root>
        {actionData?.status === "sent" ? (
          <ContactSent reference={actionData.reference} email={actionData.email} />
        ) : (
          <ContactForm
            values={actionData?.values}
            fieldErrors={actionData?.fieldErrors}
            formError={actionData?.formError}
            supportEmail={actionData?.supportEmail}
          />
        )}
      </div>
    </>
  );
}
