import {
  ATTRIBUTION_COOKIE_NAMES,
  type Attribution,
  CAMPAIGN_MAX_AGE_DAYS,
  type Campaign,
  type CookieChange,
  currentAttribution,
  landingChanges,
} from "../../universal/attribution/attribution";
import { getConsent, subscribeConsent } from "./consent-client";
import { deleteCookie, readCookie, readCookies, writeCookie } from "./cookies";
import { readStored, removeStored, writeStored } from "./local-store";

/**
 * Attribution in the browser. A landing's changes wait in sessionStorage until the visitor allows
 * marketing cookies; then they become the cookies of SPEC §9 and a remembered campaign. Without that
 * consent nothing is kept beyond the tab and nothing is sent with sign-ups or orders.
 */

const PENDING_KEY = "attribution_pending";
const CAMPAIGN_KEY = "attribution_campaign";
const FRONT_ID_KEY = "front_id";
const FRONT_ID_TTL_MS = 365 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Pending {
  cookies: CookieChange[];
  campaign: Campaign | null;
}

function readPending(): Pending | null {
  try {
    return JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? "null") as Pending | null;
  } catch {
    return null;
  }
}

function applyChanges(changes: Pending) {
  for (const change of changes.cookies) {
    if (change.value === null) deleteCookie(change.name);
    else writeCookie(change.name, change.value, change.maxAgeDays);
  }
  if (changes.campaign) writeStored(CAMPAIGN_KEY, changes.campaign, CAMPAIGN_MAX_AGE_DAYS * DAY_MS);
}

function forgetAttribution() {
  for (const name of ATTRIBUTION_COOKIE_NAMES) if (readCookie(name) !== undefined) deleteCookie(name);
  removeStored(CAMPAIGN_KEY);
  sessionStorage.removeItem(PENDING_KEY);
}

let started = false;

/** Reads the landing URL once per page load and follows the consent from then on. */
export function startAttribution(url: URL = new URL(location.href)): void {
  if (started) return;
  started = true;
  const changes = landingChanges(url.searchParams, readStored<Campaign>(CAMPAIGN_KEY) ?? {});
  if (changes.cookies.length > 0 || changes.campaign) {
    const earlier = readPending();
    sessionStorage.setItem(
      PENDING_KEY,
      JSON.stringify({
        cookies: [...(earlier?.cookies ?? []), ...changes.cookies],
        campaign: changes.campaign ?? earlier?.campaign ?? null,
      } satisfies Pending),
    );
  }
  const follow = () => {
    const { choice, settled } = getConsent();
    if (!settled || !choice) return;
    if (choice.marketing) {
      const pending = readPending();
      if (pending) applyChanges(pending);
      sessionStorage.removeItem(PENDING_KEY);
    } else {
      forgetAttribution();
    }
    if (!choice.analytics) removeStored(FRONT_ID_KEY);
  };
  follow();
  subscribeConsent(follow);
}

/** The anonymous visitor id (SPEC §3 front_id): only with analytics consent. */
export function frontId(): string | undefined {
  if (getConsent().analytics !== "granted") return undefined;
  let id = readStored<string>(FRONT_ID_KEY);
  if (!id) {
    id = crypto.randomUUID().replaceAll("-", "");
    writeStored(FRONT_ID_KEY, id, FRONT_ID_TTL_MS);
  }
  return id;
}

/** What to attach to a sign-up, an order or an event now. */
export function attributionNow(): Attribution {
  const consent = getConsent();
  if (consent.ads !== "granted") return currentAttribution({}, {}, frontId());
  return currentAttribution(readCookies(), readStored<Campaign>(CAMPAIGN_KEY) ?? {}, frontId());
}

/** Whether an invite is remembered and would go with an order now (decision 047): the friend's offer shows. */
export function invitedNow(): boolean {
  return Boolean(attributionNow().invite_code);
}

/** Calls back whether an invite goes with an order, once the consent is known and after each change of it. */
export function watchInvite(listener: (invited: boolean) => void): () => void {
  const check = () => {
    if (getConsent().settled) listener(invitedNow());
  };
  check();
  return subscribeConsent(check);
}
