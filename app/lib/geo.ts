import { WEB_APP_TYPE } from "./api";
import { readStored, writeStored } from "./local-store";

/** SPEC §3 "user message": the visitor's geo info, cached locally with an expiry. */
export interface GeoInfo {
  user_ip: string;
  country: string;
  country_code: string;
}

export const GEO_KEY = "USER_MESSAGE";
const GEO_TTL_MS = 6 * 60 * 60 * 1000;

/** Stores geo info a page already has (the what-is-my-ip page), so no other page asks again. */
export function rememberVisitorGeo(info: GeoInfo): void {
  writeStored(GEO_KEY, info, GEO_TTL_MS);
}

/** The one place pages get the visitor's country from (currency, the china rule, analytics). */
export async function visitorGeo(): Promise<GeoInfo | undefined> {
  const cached = readStored<GeoInfo>(GEO_KEY);
  if (cached) return cached;
  try {
    const response = await fetch("/api/mms/account/v1/geo_info", {
      method: "POST",
      headers: { "X-App-Type": WEB_APP_TYPE },
    });
    const { data } = (await response.json()) as { data: GeoInfo };
    writeStored(GEO_KEY, data, GEO_TTL_MS);
    return data;
  } catch {
    return undefined;
  }
}

/** SPEC §5: visitors whose country contains "china" cannot start a purchase. */
export function isPurchaseBlocked(country: string | undefined): boolean {
  return (country ?? "").toLowerCase().includes("china");
}
