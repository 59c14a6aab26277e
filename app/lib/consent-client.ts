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

/**
 * Calls back with the visitor's choice once it is known: the stored one (200 ms after load) or the
 * banner's answer, and again after each new answer. For what may run only after consent (popups).
 */
export function onConsentAnswered(listener: (choice: ConsentChoice) => void): () => void {
  let answered: ConsentChoice | null = null;
  const check = () => {
    const { choice, settled } = state;
    if (settled && choice && choice !== answered) listener(choice);
    answered = choice;
  };
  check();
  return subscribeConsent(check);
}

/** The visitor answered the banner (or changed their mind in the cookie settings). */
export function saveConsent(choice: ConsentChoice): void {
  writeCookie(CONSENT_COOKIE, formatConsent(choice), CONSENT_MAX_AGE_DAYS);
  markBanner("answered");
  publish({ choice, ...signalsFor(choice), settled: true });
}

/** Asks for the banner again (footer "Cookie settings"). */
export function reopenConsent(): void {
  markBanner("ask");
  publish({ ...state, choice: null, settled: true });
}

/** app.css shows the server-rendered banner only under <html data-consent="ask">. */
function markBanner(mark: "ask" | "answered"): void {
  document.documentElement.dataset.consent = mark;
}

/**
 * Runs in <head> before the first paint and marks <html>: "answered" when a choice is stored, else
 * "ask". app.css shows the server-rendered banner (and the footer's "Cookie settings") only under
 * a mark: no flash of the banner for returning visitors, and no banner at all without JavaScript,
 * where nothing is tracked and its buttons could not work.
 */
export const ANSWERED_SCRIPT = `document.documentElement.dataset.consent=/(^|;\\s*)${CONSENT_COOKIE}=v1\\.a[01]\\.m[01](;|$)/.test(document.cookie)?"answered":"ask"`;
