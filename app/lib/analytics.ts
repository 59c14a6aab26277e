import type { Attribution } from "../../universal/attribution/attribution";
import { WEB_APP_TYPE } from "./api";

/**
 * First-party analytics events (SPEC §3), built here and sent by analytics-client.ts to
 * POST /api/mms/analytics/v1/events. Pure helpers, unit-tested.
 */

export type ParamValue = string | number | boolean;

export interface AnalyticsEvent {
  event_name: string;
  event_datetime: string;
  event_timestamp: number;
  event_params: { key: string; value: ParamValue }[];
  front_id?: string;
  user_properties?: { key: string; value: ParamValue }[];
  language: string;
  device: string;
  country?: string;
  country_code?: string;
  ip?: string;
  app_name: string;
  app_type: string;
  app_info: Record<string, string>;
  attribution?: Attribution;
}

/** Batches stay well under the server's 50 events and 64 KiB, and under sendBeacon's limit. */
export const MAX_BATCH_EVENTS = 20;
export const FLUSH_AFTER_MS = 5000;
/** SPEC §2/§9: page-show waits for the visitor's IP, asking again up to 10 times, 1 s apart. */
export const PAGE_SHOW_TRIES = 10;
export const PAGE_SHOW_RETRY_MS = 1000;

const pad = (value: number) => String(value).padStart(2, "0");

/** SPEC §9 date format, local time: YYYY-MM-DD hh:mm:ss AM/PM. */
export function formatEventDatetime(date: Date): string {
  const hours = date.getHours() % 12 || 12;
  const half = date.getHours() < 12 ? "AM" : "PM";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(hours)}:${pad(date.getMinutes())}:${pad(date.getSeconds())} ${half}`;
}

export function toParamList(params: Record<string, ParamValue | undefined>): { key: string; value: ParamValue }[] {
  return Object.entries(params)
    .filter((entry): entry is [string, ParamValue] => entry[1] !== undefined)
    .map(([key, value]) => ({ key, value: typeof value === "string" ? value.slice(0, 300) : value }));
}

export interface EventContext {
  language: string;
  device: string;
  frontId?: string;
  geo?: { user_ip: string; country: string; country_code: string };
  userProperties?: Record<string, ParamValue | undefined>;
  build?: string;
  attribution?: Attribution;
}

export function buildEvent(
  name: string,
  params: Record<string, ParamValue | undefined>,
  context: EventContext,
  now: Date = new Date(),
): AnalyticsEvent {
  return {
    event_name: name,
    event_datetime: formatEventDatetime(now),
    event_timestamp: now.getTime(),
    event_params: toParamList(params),
    front_id: context.frontId,
    user_properties: context.userProperties ? toParamList(context.userProperties) : undefined,
    language: context.language,
    device: context.device,
    country: context.geo?.country,
    country_code: context.geo?.country_code,
    ip: context.geo?.user_ip,
    app_name: "web",
    app_type: WEB_APP_TYPE,
    app_info: context.build ? { build: context.build } : {},
    attribution: context.attribution,
  };
}

/** Splits a queue into batches the server accepts. */
export function batches<T>(queue: T[], size = MAX_BATCH_EVENTS): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < queue.length; index += size) out.push(queue.slice(index, index + size));
  return out;
}
