import type { GeoRecord } from "../../../universal/geo/geo-record";
import type { IpLookupAnswer } from "../../../universal/geo/ip-lookup";

/** A geo record as a page shows it: the country name already in the page's language. */
export interface IpView extends GeoRecord {
  countryName: string;
}

/** A lookup as the loader hands it to the page (the record localised, no server types leaking). */
export type IpLookupView =
  | { status: "ok"; record: IpView }
  | { status: "invalid" }
  | { status: "rate_limited"; retryAfterSeconds: number }
  | { status: "unavailable" };

/** Localises the country name on the server, so the page renders the same text on both sides. */
export function toIpView(answer: IpLookupAnswer, locale: string): IpLookupView {
  if (answer.status !== "ok") return answer;
  const code = answer.record.countryCode;
  const countryName = code ? (new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code) : "";
  return { status: "ok", record: { ...answer.record, countryName } };
}

/** "London, England, United Kingdom" without empty or repeated parts. */
export function placeOf(record: Pick<IpView, "city" | "region" | "countryName">): string {
  const parts = [record.city, record.region, record.countryName].filter((part) => part.length > 0);
  return parts.filter((part, index) => parts.indexOf(part) === index).join(", ");
}

/** Position of a latitude/longitude on public/images/world-map.svg (degrees, equirectangular). */
export function mapPoint(latitude: number, longitude: number): { x: number; y: number } {
  return { x: longitude + 180, y: 90 - latitude };
}
