import type { ContactReport } from "../validation/contact-rules";

/** A checked contact-us report as the API and the page's form action hand it on. */
export type ContactSubmission = ContactReport & {
  /** The captcha token (`recasign`); empty when the browser could not produce one (no JavaScript). */
  recasign: string;
  /** The page's language: support answers in it. */
  language?: string;
};

/** What became of a report: sent (stored and queued for support), or refused, and why. */
export type ContactOutcome =
  | { status: "sent"; reference: string }
  | { status: "tooManyRequests"; retryAfterSeconds: number }
  | { status: "captchaFailed" };
