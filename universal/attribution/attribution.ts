import type { Attribution } from "./attribution.schema";
import { INVITE_SOURCE } from "./invite-source";

export type { Attribution };

/**
 * Marketing attribution (SPEC §3, §4, §9): who sent a visitor, so the operator can pay affiliates
 * and compare campaigns. Pure rules here; the browser side (cookies, consent) is attribution-client.ts,
 * and the server stores what this schema accepts with sign-ups, orders and analytics events.
 */

export const AFFILIATE_COOKIES = {
  /** CJ: the click id, and the copy the page reads to send X-From: CJ. */
  cje: { network: "cj", maxAgeDays: 45 },
  "cje-client": { network: "cj", maxAgeDays: 45 },
  "cf-click": { network: "cf", maxAgeDays: 30 },
  _aid: { network: "admitad", maxAgeDays: 45 },
} as const;
export type AffiliateCookie = keyof typeof AFFILIATE_COOKIES;
export const ATTRIBUTION_COOKIE_NAMES = Object.keys(AFFILIATE_COOKIES) as AffiliateCookie[];

/** Landing parameters that name an affiliate click, and the cookies each one sets. */
const CLICK_PARAMETERS: Record<string, AffiliateCookie[]> = {
  cjevent: ["cje", "cje-client"],
  cfclick: ["cf-click"],
  admitad_uid: ["_aid"],
};

export const CAMPAIGN_KEYS = [
  "utm_campaign",
  "utm_medium",
  "utm_source",
  "utm_term",
  "utm_content",
  // SPEC §3: "a tag key named utm_tags exists": kept with the other campaign fields.
  "utm_tags",
  "channel",
  "invite_type",
  "invite_code",
] as const;
export type CampaignKey = (typeof CAMPAIGN_KEYS)[number];

/** Invite source code when a visitor arrives with from=invite (SPEC §9). */
export { INVITE_SOURCE };
/** How long a campaign (utm, channel, invite) is remembered: as long as affiliate attribution. */
export const CAMPAIGN_MAX_AGE_DAYS = 45;

/** A landing value worth keeping: trimmed, 1 to 200 characters, no control characters. */
export function cleanValue(raw: string | null | undefined): string | undefined {
  const trimmed = (raw ?? "").trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it rejects
  if (trimmed.length === 0 || trimmed.length > 200 || /[\u0000-\u001f\u007f-\u009f]/.test(trimmed)) return undefined;
  return trimmed;
}

const FRONT_ID = /^[A-Za-z0-9_-]{8,64}$/;

export type Campaign = Partial<Record<CampaignKey | "invite_source", string>>;

export interface CookieChange {
  name: AffiliateCookie;
  /** null clears the cookie. */
  value: string | null;
  maxAgeDays: number;
}

export interface LandingChanges {
  cookies: CookieChange[];
  /** The campaign to remember from now on, or null to keep the one remembered. */
  campaign: Campaign | null;
}

/**
 * What a landing URL changes (SPEC §4): utm_source clears every attribution cookie and starts a new
 * campaign; cjevent, cfclick and admitad_uid each set their own cookie and clear the others' (in the
 * order they appear, so the last one wins); from=invite marks the invite source.
 */
export function landingChanges(params: URLSearchParams, remembered: Campaign = {}): LandingChanges {
  const cookies = new Map<AffiliateCookie, CookieChange>();
  const clearAll = () => {
    for (const name of ATTRIBUTION_COOKIE_NAMES) {
      cookies.set(name, { name, value: null, maxAgeDays: AFFILIATE_COOKIES[name].maxAgeDays });
    }
  };

  const source = cleanValue(params.get("utm_source"));
  if (source) clearAll();
  for (const [key, raw] of params) {
    const names = CLICK_PARAMETERS[key];
    const click = names && cleanValue(raw);
    if (!click) continue;
    clearAll();
    for (const name of names) cookies.set(name, { name, value: click, maxAgeDays: AFFILIATE_COOKIES[name].maxAgeDays });
  }

  const found: Campaign = {};
  for (const key of CAMPAIGN_KEYS) {
    const cleaned = cleanValue(params.get(key));
    if (cleaned) found[key] = cleaned;
  }
  if (params.get("from") === "invite") found.invite_source = INVITE_SOURCE;
  const hasCampaign = Object.keys(found).length > 0;
  // A new utm_source is a new campaign; other parameters add to the one remembered.
  const campaign = !hasCampaign ? null : source ? found : { ...remembered, ...found };
  return { cookies: [...cookies.values()], campaign };
}

/** The attribution to attach now, from the affiliate cookies, the remembered campaign and the visitor id. */
export function currentAttribution(
  cookies: Partial<Record<string, string>>,
  campaign: Campaign,
  frontId?: string,
): Attribution {
  const affiliate =
    (cookies.cje && { affiliate_network: "cj", affiliate_click_id: cookies.cje }) ||
    (cookies["cf-click"] && { affiliate_network: "cf", affiliate_click_id: cookies["cf-click"] }) ||
    (cookies._aid && { affiliate_network: "admitad", affiliate_click_id: cookies._aid }) ||
    {};
  const attribution: Attribution = {};
  for (const [key, raw] of Object.entries({ ...campaign, ...affiliate })) {
    const cleaned = cleanValue(raw);
    if (cleaned) (attribution as Record<string, string>)[key] = cleaned;
  }
  if (frontId && FRONT_ID.test(frontId)) attribution.front_id = frontId;
  return attribution;
}
