import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_DAYS,
  CONSENT_UPDATE_DELAY_MS,
  type ConsentChoice,
  type ConsentState,
  formatConsent,
  initialConsentState,
  parseConsent,
  signalsFor,
} from "./consent";
import { readCookie, writeCookie } from "./cookies";

/** The page's consent state: denied at load, the stored choice applied after 200 ms (SPEC §4). */
let state: ConsentState = initialConsentState();
const listeners = new Set<() => void>();
let started = false;

function publish(next: ConsentState) {
  state = next;
  for (const listener of listeners) listener();
}

export function getConsent(): ConsentState {
  return state;
}

/** Server render and first client render: nothing granted, nothing answered yet. */
const SERVER_STATE = initialConsentState();
export function getServerConsent(): ConsentState {
  return SERVER_STATE;
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called once on the first client render. */
export function startConsent(): void {
  if (started) return;
  started = true;
  setTimeout(() => {
    const choice = parseConsent(readCookie(CONSENT_COOKIE));
    publish({ choice, ...signalsFor(choice), settled: true });
  }, CONSENT_UPDATE_DELAY_MS);
}

/** The visitor answered the banner (or changed their mind in the cookie settings). */
export function saveConsent(choice: ConsentChoice): void {
  writeCookie(CONSENT_COOKIE, formatConsent(choice), CONSENT_MAX_AGE_DAYS);
  publish({ choice, ...signalsFor(choice), settled: true });
}

/** Asks for the banner again (footer "Cookie settings"). */
export function reopenConsent(): void {
  delete document.documentElement.dataset.consent;
  publish({ ...state, choice: null, settled: true });
}

/**
 * Runs in <head> before the first paint: marks <html> when a choice is stored, and app.css hides
 * the server-rendered banner under that mark. No flash of the banner for returning visitors.
 */
export const ANSWERED_SCRIPT = `if(/(^|;\\s*)${CONSENT_COOKIE}=v1\\./.test(document.cookie))document.documentElement.dataset.consent="answered"`;
