import type { Database } from "../../db/client";
import { isLocale } from "../../universal/i18n/locales";
import type { ContactOutcome, ContactSubmission } from "../../universal/support/contact-submission";
import type { CaptchaVerifier } from "../captcha/captcha";
import { hitRateLimit, ipSubject } from "../security/rate-limits";
import { submitContactReport } from "./contact-reports";

export interface SendContactReportDeps {
  db: Database;
  /** The process's captcha; absent only in tests that check nothing else. */
  captcha?: CaptchaVerifier;
  supportEmail: string;
}

/**
 * One contact-us report, whichever door it came through (the JSON API or the page's form post):
 * the limits per client address and per e-mail, the captcha, then stored with its mail to support.
 */
export async function sendContactReport(
  deps: SendContactReportDeps,
  report: ContactSubmission,
  clientAddress: string,
): Promise<ContactOutcome> {
  for (const [name, subject] of [
    ["contactPerIp", ipSubject(clientAddress)],
    ["contactPerEmail", report.email],
  ] as const) {
    const limit = await hitRateLimit(deps.db, name, subject);
    if (!limit.allowed) return { status: "tooManyRequests", retryAfterSeconds: limit.retryAfterSeconds };
  }
  if (deps.captcha && !(await deps.captcha.verify(report.recasign, { ip: clientAddress, variant: "r3" }))) {
    return { status: "captchaFailed" };
  }
  const { recasign: _token, language, ...fields } = report;
  const { reference } = await submitContactReport(
    deps.db,
    { ...fields, locale: language && isLocale(language) ? language : "en" },
    { supportEmail: deps.supportEmail },
  );
  return { status: "sent", reference };
}
