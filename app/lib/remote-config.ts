import { WEB_APP_TYPE } from "./api";
import { EMPTY_PROMOTION_CONFIG, type PromotionConfig, promotionConfigSchema } from "./promotion-config";

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
        const parsed = promotionConfigSchema.safeParse(data);
        return parsed.success ? parsed.data : EMPTY_PROMOTION_CONFIG;
      }
    } catch {
      // Not reachable yet: try again.
    }
    if (attempt < REMOTE_CONFIG_TRIES) await sleep(REMOTE_CONFIG_POLL_MS);
  }
  throw new Error("load remoteConfig timeout");
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
