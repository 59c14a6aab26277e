import type { ParamValue } from "./analytics";
import { getConsent, subscribeConsent } from "./consent-client";

/**
 * What pages and islands call for analytics. The sender (analytics-client.ts: batching, geo
 * lookup, beacons) is loaded only once analytics consent is granted: a visitor who refused or has
 * not answered downloads none of it. Until the banner is answered, calls wait here in order, as
 * the sender would hold them; a refusal drops them.
 */
type Sender = typeof import("./analytics-client");
type Call = (sender: Sender) => void;

const MAX_WAITING = 200;
let sender: Sender | undefined;
let loading: Promise<Sender> | undefined;
let waiting: Call[] = [];
let watching = false;

function load(): Promise<Sender> {
  loading ??= import("./analytics-client").then((module) => {
    sender = module;
    return module;
  });
  return loading;
}

function whenAllowed(call: Call): void {
  if (typeof window === "undefined") return;
  if (sender) {
    call(sender);
    return;
  }
  const consent = getConsent();
  const decided = consent.settled && consent.choice !== null;
  if (decided && consent.analytics !== "granted") return;
  if (decided) {
    void load().then(call);
    return;
  }
  waiting = [...waiting, call].slice(-MAX_WAITING);
  if (watching) return;
  watching = true;
  subscribeConsent(() => {
    const now = getConsent();
    if (!now.settled || now.choice === null) return;
    const held = waiting;
    waiting = [];
    if (now.analytics !== "granted") return;
    void load().then((loaded) => {
      for (const run of held) run(loaded);
    });
  });
}

/** Records an event; sent only if analytics consent is (or turns out to be) granted. */
export function track(name: string, params: Record<string, ParamValue | undefined> = {}): void {
  const at = new Date();
  whenAllowed((loaded) => loaded.track(name, params, at));
}

/** Sets the events' language (again on each language change). */
export function startAnalytics(locale: string): void {
  whenAllowed((loaded) => loaded.startAnalytics(locale));
}

/** SPEC §2 page-show for a path, timed when the page showed. */
export function trackPageShow(path: string): void {
  const at = new Date();
  whenAllowed((loaded) => loaded.trackPageShow(path, at));
}
