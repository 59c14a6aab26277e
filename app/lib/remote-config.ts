import {
  EMPTY_PROMOTION_CONFIG,
  PROMOTION_KINDS,
  type PromotionConfig,
} from "../../universal/promotions/promotion-config";
import { WEB_APP_TYPE } from "./api";

/** SPEC §4/§9: the promotion config is polled every 200 ms, 50 tries, then the load fails. */
export const REMOTE_CONFIG_POLL_MS = 200;
export const REMOTE_CONFIG_TRIES = 50;
export const REMOTE_CONFIG_URL = "/api/mms/config/v1/promotions";

type Fetcher = (url: string, init: RequestInit) => Promise<Response>;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads the promotion config, asking again every 200 ms while the server cannot answer (offline,
 * restarting). A document that does not parse is treated as "no promotions", never shown half-read.
 */
export async function fetchRemoteConfig(
  fetcher: Fetcher = fetch,
  sleep: (ms: number) => Promise<void> = wait,
): Promise<PromotionConfig> {
  for (let attempt = 1; attempt <= REMOTE_CONFIG_TRIES; attempt++) {
    try {
      const response = await fetcher(REMOTE_CONFIG_URL, { headers: { "X-App-Type": WEB_APP_TYPE } });
      if (response.ok) {
        const { data } = (await response.json()) as { data: unknown };
        return looksLikeConfig(data) ? data : EMPTY_PROMOTION_CONFIG;
      }
    } catch {
      // Not reachable yet: try again.
    }
    if (attempt < REMOTE_CONFIG_TRIES) await sleep(REMOTE_CONFIG_POLL_MS);
  }
  throw new Error("load remoteConfig timeout");
}

/**
 * The server checks the document with its zod schema when it is stored and when it is served; the
 * browser only checks the shape it relies on, so zod stays out of every page's bundle.
 */
export function looksLikeConfig(data: unknown): data is PromotionConfig {
  if (typeof data !== "object" || data === null) return false;
  const { promotions, popups } = data as Record<string, unknown>;
  if (!Array.isArray(promotions) || typeof popups !== "object" || popups === null) return false;
  return promotions.every(
    (promotion) =>
      typeof promotion === "object" &&
      promotion !== null &&
      typeof promotion.id === "string" &&
      (PROMOTION_KINDS as readonly string[]).includes(promotion.kind) &&
      !Number.isNaN(Date.parse(promotion.startTime)) &&
      !Number.isNaN(Date.parse(promotion.endTime)) &&
      typeof promotion.href === "string" &&
      typeof promotion.placeholders === "object",
  );
}

let shared: Promise<PromotionConfig> | null = null;

/** One load per page visit, shared by the home blocks and the popups. */
export function loadRemoteConfig(): Promise<PromotionConfig> {
  shared ??= fetchRemoteConfig().catch((error: unknown) => {
    shared = null;
    throw error;
  });
  return shared;
}
