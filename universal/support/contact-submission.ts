import type { ContactReport } from "../validation/contact-rules";

/** A checked contact-us report as the API and the page's form action hand it on. */
export type ContactSubmission = ContactReport & {
  /** The captcha token (`recasign`); NO_SCRIPT_TOKEN when the browser ran no script. */
  recasign: string;
  /** The page's language: support answers in it. */
  language?: string;
};

/** What became of a report: sent (stored and queued for support), or refused, and why. */
export type ContactOutcome =
  | { status: "sent"; reference: string }
  | { status: "tooManyRequests"; retryAfterSeconds: number }
  | { status: "captchaFailed" };

/**
 * The captcha field's value in the server's HTML, replaced by the contact-form island with a real
 * token. Posted as it is, the browser ran no script: a captcha that needs one refuses it, and the
 * page then says why (the development captcha, CAPTCHA_PROVIDER=none, accepts any token).
 */
export const NO_SCRIPT_TOKEN = "no-script";
