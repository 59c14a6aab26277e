import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { type Attribution, currentAttribution } from "../universal/attribution/attribution";
import { parseAttribution } from "../universal/attribution/attribution.schema";
import type { AppEnv } from "./context";

/**
 * The attribution to store with a sign-up or an order: what the page sent, and the affiliate cookies
 * the request carries when the page sent none (an older page, or a client that only forwards cookies).
 */
export function requestAttribution(c: Context<AppEnv>, sent: unknown): Attribution | null {
  const fromPage = parseAttribution(sent);
  const fromCookies = currentAttribution(getCookie(c), {});
  const merged = fromPage.affiliate_network ? fromPage : { ...fromPage, ...fromCookies };
  return Object.keys(merged).length > 0 ? merged : null;
}
