import {
  type AnalyticsEvent,
  batches,
  buildEvent,
  FLUSH_AFTER_MS,
  MAX_BATCH_EVENTS,
  PAGE_SHOW_RETRY_MS,
  PAGE_SHOW_TRIES,
  type ParamValue,
} from "./analytics";
import { attributionNow, frontId } from "./attribution-client";
import { getConsent, subscribeConsent } from "./consent-client";
import { deviceKind } from "./device";
import { GEO_KEY, type GeoInfo, visitorGeo } from "./geo";
import { readStored } from "./local-store";
import { readUserInfo } from "./user-info";

/**
 * Sends analytics events in batches, only with analytics consent: events of the first 200 ms wait
 * for the stored choice and are dropped if it is not a yes. The queue is sent every few seconds and,
 * with sendBeacon, when the page is hidden or left.
 */

export const EVENTS_URL = "/api/mms/analytics/v1/events";
const MAX_QUEUE = 200;

interface Waiting {
  name: string;
  params: Record<string, ParamValue | undefined>;
  at: Date;
}

let language = "en";
let waiting: Waiting[] = [];
let queue: AnalyticsEvent[] = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;
let started = false;

function buildVersion(): string | undefined {
  return (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version;
}

function enqueue(item: Waiting) {
  const user = readUserInfo();
  queue.push(
    buildEvent(
      item.name,
      item.params,
      {
        language,
        device: deviceKind(),
        frontId: frontId(),
        geo: readStored<GeoInfo>(GEO_KEY),
        userProperties: user ? { vip: user.vip.is_vip } : undefined,
        build: buildVersion(),
        attribution: attributionNow(),
      },
      item.at,
    ),
  );
  if (queue.length > MAX_QUEUE) queue = queue.slice(-MAX_QUEUE);
  if (queue.length >= MAX_BATCH_EVENTS) flush();
  else flushTimer ??= setTimeout(() => flush(), FLUSH_AFTER_MS);
}

/** Records an event; sent only if analytics consent is (or turns out to be) granted. */
export function track(name: string, params: Record<string, ParamValue | undefined> = {}, at = new Date()): void {
  if (typeof window === "undefined") return;
  const item = { name, params, at };
  if (undecided()) waiting = [...waiting, item].slice(-MAX_QUEUE);
  else if (getConsent().analytics === "granted") enqueue(item);
}

/** Before the stored choice is read, or while the banner is unanswered, events wait in memory. */
function undecided(): boolean {
  const consent = getConsent();
  return !consent.settled || consent.choice === null;
}

function body(events: AnalyticsEvent[]) {
  return JSON.stringify({ user_id: readUserInfo()?.user_id, events });
}

export function flush(useBeacon = false): void {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  const sending = queue;
  queue = [];
  for (const batch of batches(sending)) {
    if (useBeacon && navigator.sendBeacon) {
      navigator.sendBeacon(EVENTS_URL, new Blob([body(batch)], { type: "application/json" }));
      continue;
    }
    fetch(EVENTS_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: body(batch),
      keepalive: true,
    }).catch(() => {
      // Offline for a moment: keep the batch for the next send (the queue is bounded).
      queue = [...batch, ...queue].slice(-MAX_QUEUE);
    });
  }
}

/** Sets the events' language (again on each language change); the listeners start once per page load. */
export function startAnalytics(locale: string): void {
  language = locale;
  if (started) return;
  started = true;
  subscribeConsent(() => {
    const consent = getConsent();
    if (undecided()) return;
    const held = waiting;
    waiting = [];
    if (consent.analytics === "granted") for (const item of held) enqueue(item);
    else queue = [];
  });
  const sendNow = () => {
    if (queue.length > 0) flush(true);
  };
  addEventListener("pagehide", sendNow);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") sendNow();
  });
}

/**
 * SPEC §2: page-show is sent once the visitor's IP is known, or after 10 tries 1 s apart. The
 * geo lookup is asked for only when analytics is allowed.
 */
export function trackPageShow(path: string, at = new Date()): void {
  if (typeof window === "undefined") return;
  const send = () => {
    const consent = getConsent();
    if (consent.analytics !== "granted") return;
    let tries = 0;
    if (!readStored<GeoInfo>(GEO_KEY)) void visitorGeo();
    const attempt = () => {
      const geo = readStored<GeoInfo>(GEO_KEY);
      if (geo?.user_ip || tries >= PAGE_SHOW_TRIES) {
        enqueue({ name: "page_show", params: { page_path: path, referrer: document.referrer || undefined }, at });
        return;
      }
      tries += 1;
      setTimeout(attempt, PAGE_SHOW_RETRY_MS);
    };
    attempt();
  };
  if (!undecided()) send();
  else {
    const unsubscribe = subscribeConsent(() => {
      if (undecided()) return;
      unsubscribe();
      send();
    });
  }
}
