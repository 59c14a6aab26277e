import { z } from "zod";
import { INVITE_SOURCE } from "./invite-source";

/**
 * The attribution the server accepts with a sign-up, an order or an analytics event (server side:
 * the browser bundle stays free of zod). Unknown keys are dropped.
 */

const value = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[^\p{Cc}]*$/u, "no control characters");

/** What is attached to a sign-up, an order or an analytics event. Unknown keys are dropped. */
export const attributionSchema = z.object({
  utm_campaign: value.optional(),
  utm_medium: value.optional(),
  utm_source: value.optional(),
  utm_term: value.optional(),
  utm_content: value.optional(),
  utm_tags: value.optional(),
  channel: value.optional(),
  invite_type: value.optional(),
  invite_code: value.optional(),
  invite_source: z.literal(INVITE_SOURCE).optional(),
  affiliate_network: z.enum(["cj", "cf", "admitad"]).optional(),
  affiliate_click_id: value.optional(),
  front_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export type Attribution = z.infer<typeof attributionSchema>;

/** Reads attribution sent by a client, keeping the valid fields and dropping the rest. */
export function parseAttribution(input: unknown): Attribution {
  if (typeof input !== "object" || input === null) return {};
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(attributionSchema.shape)) {
    const parsed = field.safeParse((input as Record<string, unknown>)[key]);
    if (parsed.success && parsed.data !== undefined) kept[key] = parsed.data;
  }
  return kept as Attribution;
}
