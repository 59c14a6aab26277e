/**
 * Cookie consent (SPEC §4): the visitor's choice is one strictly necessary cookie. Analytics and
 * ads consent start denied and are updated 200 ms after load from that choice; ads (affiliate
 * attribution cookies) are granted only when cookies were accepted.
 */

export const CONSENT_COOKIE = "cookie_consent";
export const CONSENT_MAX_AGE_DAYS = 365;
/** SPEC §4: the stored choice replaces the denied defaults this long after load. */
export const CONSENT_UPDATE_DELAY_MS = 200;

export interface ConsentChoice {
  analytics: boolean;
  /** Affiliate and campaign attribution kept across visits. */
  marketing: boolean;
}

export type ConsentSignal = "granted" | "denied";

export interface ConsentState {
  /** Null until the visitor has answered the banner. */
  choice: ConsentChoice | null;
  analytics: ConsentSignal;
  ads: ConsentSignal;
  /** True once the stored choice has been applied (after the delay). */
  settled: boolean;
}

export const ACCEPT_ALL: ConsentChoice = { analytics: true, marketing: true };
export const REJECT_ALL: ConsentChoice = { analytics: false, marketing: false };

/** "v1.a1.m0": versioned so a later change of categories can ask again. */
export function formatConsent(choice: ConsentChoice): string {
  return `v1.a${choice.analytics ? 1 : 0}.m${choice.marketing ? 1 : 0}`;
}

export function parseConsent(raw: string | undefined | null): ConsentChoice | null {
  const match = /^v1\.a([01])\.m([01])$/.exec(raw ?? "");
  return match ? { analytics: match[1] === "1", marketing: match[2] === "1" } : null;
}

/** The signals a choice grants; nothing is granted before an answer. */
export function signalsFor(choice: ConsentChoice | null): Pick<ConsentState, "analytics" | "ads"> {
  return {
    analytics: choice?.analytics ? "granted" : "denied",
    ads: choice?.marketing ? "granted" : "denied",
  };
}

export function initialConsentState(): ConsentState {
  return { choice: null, analytics: "denied", ads: "denied", settled: false };
}
