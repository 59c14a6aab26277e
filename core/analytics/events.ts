import { z } from "zod";
import type { Database } from "../../db/client";
import { analyticsEvents } from "../../db/schema";
import { parseAttribution } from "../../universal/attribution/attribution.schema";

/**
 * First-party analytics (SPEC event fields): the batch a page or an app sends, and how it is
 * stored. Privacy rules live here: the `ip` field is accepted for compatibility but never stored,
 * and a user id comes only from a valid session, never from the body.
 */

export const MAX_EVENTS_PER_BATCH = 50;
export const MAX_BATCH_BYTES = 64 * 1024;
export const MAX_PARAMS_PER_EVENT = 25;
/** How far an event's own timestamp may be from the server's clock before it is clamped. */
export const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

const NAME_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
const shortText = (max: number) => z.string().max(max);

const paramSchema = z.object({
  key: z.string().regex(NAME_PATTERN),
  value: z.union([z.string().max(300), z.number(), z.boolean()]),
});
const paramListSchema = z.array(paramSchema).max(MAX_PARAMS_PER_EVENT);
export type EventParam = z.infer<typeof paramSchema>;

export const analyticsEventSchema = z.object({
  event_name: z.string().regex(NAME_PATTERN),
  event_datetime: shortText(64).optional(),
  event_timestamp: z.number().int().nonnegative(),
  event_params: paramListSchema.optional(),
  front_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
  user_properties: paramListSchema.optional(),
  language: shortText(35).optional(),
  device: z.enum(["desktop", "mobile", "tablet"]).optional(),
  country: shortText(100).optional(),
  country_code: shortText(8).optional(),
  /** Accepted so SPEC clients validate, never stored. */
  ip: shortText(64).optional(),
  app_name: shortText(64).optional(),
  app_type: z.union([shortText(16), z.number().int()]).optional(),
  app_info: z
    .record(shortText(64), shortText(200))
    .refine((info) => Object.keys(info).length <= MAX_PARAMS_PER_EVENT, "too many keys")
    .optional(),
  attribution: z.record(z.string(), z.unknown()).optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export const analyticsBatchSchema = z.object({
  /** Accepted, never trusted: the stored user id comes from the session. */
  user_id: z.union([z.number(), z.string().max(64)]).optional(),
  events: z.array(analyticsEventSchema).min(1).max(MAX_EVENTS_PER_BATCH),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

export type AnalyticsEventRow = typeof analyticsEvents.$inferInsert;

/** Key/value pairs as one object (a repeated key keeps its last value). */
export function paramsToRecord(params: EventParam[] | undefined): Record<string, string | number | boolean> {
  const record: Record<string, string | number | boolean> = {};
  for (const { key, value } of params ?? []) record[key] = value;
  return record;
}

/** The event's own time, pulled back to within a day of the server's clock (bad device clocks). */
export function clampEventTime(timestampMs: number, now: Date): Date {
  const nowMs = now.getTime();
  return new Date(Math.min(Math.max(timestampMs, nowMs - MAX_CLOCK_SKEW_MS), nowMs + MAX_CLOCK_SKEW_MS));
}

/** YYYY-MM-DD in UTC. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Upper-cased when it is two letters, else nothing. */
export function twoLetterCountry(code: string | undefined): string | null {
  return code && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : null;
}

export interface EventContext {
  now: Date;
  /** The country of the client address by the server's own lookup, when it found one. */
  serverCountryCode: string | null;
}

/** The rows to store for one batch: no IP, no account, clamped times, attribution cleaned. */
export function toEventRows(batch: AnalyticsBatch, context: EventContext): AnalyticsEventRow[] {
  return batch.events.map((event) => {
    const eventAt = clampEventTime(event.event_timestamp, context.now);
    const attribution = parseAttribution(event.attribution);
    const userProperties = event.user_properties ? paramsToRecord(event.user_properties) : null;
    return {
      day: utcDay(eventAt),
      eventName: event.event_name,
      eventAt,
      receivedAt: context.now,
      frontId: event.front_id ?? null,
      language: event.language ?? null,
      device: event.device ?? null,
      countryCode: context.serverCountryCode ?? twoLetterCountry(event.country_code),
      appName: event.app_name ?? null,
      appType: event.app_type === undefined ? null : String(event.app_type),
      params: paramsToRecord(event.event_params),
      userProperties,
      appInfo: event.app_info ?? null,
      attribution: Object.keys(attribution).length > 0 ? (attribution as Record<string, string>) : null,
    };
  });
}

/** Stores a batch in one INSERT; answers how many events were stored. */
export async function storeEvents(db: Database, rows: AnalyticsEventRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  await db.insert(analyticsEvents).values(rows);
  return rows.length;
}
