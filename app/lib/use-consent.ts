import { useSyncExternalStore } from "react";
import type { ConsentState } from "./consent";
import { getConsent, getServerConsent, subscribeConsent } from "./consent-client";

/** The consent state for components: denied and unanswered on the server and the first render. */
export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribeConsent, getConsent, getServerConsent);
}
