import { createRoute, z } from "@hono/zod-openapi";
import { answers, appTypeHeader, json, SESSION_ERRORS, WRITE_ERRORS } from "../../contract";
import { bearer } from "../contract";

/** Contracts of the account's subscriptions (SPEC §7; under the payment paths the apps call). */

const base = "/api/mms/payment/v1/web";
const tags = ["Payment"];

const renewalSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  auto_renew: z.boolean(),
  expires_at: z.string().nullable(),
});

const SUBSCRIPTION_STATES = ["pending", "active", "past_due", "canceled", "expired"] as const;

/** SPEC §7 "query params": which states, and which page of them. */
const subscriptionQuery = z.object({
  status: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(",").map((state) => state.trim()) : []))
    .pipe(z.array(z.enum(SUBSCRIPTION_STATES)))
    .openapi({
      type: "string",
      description: `Only subscriptions in these states, comma-separated (${SUBSCRIPTION_STATES.join(", ")}); all when absent`,
      example: "active,past_due",
    }),
  page: z.coerce.number().int().min(1).max(10_000).default(1).openapi({ type: "integer", description: "1-based" }),
  page_size: z.coerce.number().int().min(1).max(100).default(20).openapi({ type: "integer" }),
});

export const subscriptionMy = createRoute({
  method: "get",
  path: `${base}/subscription_my`,
  tags,
  security: bearer,
  summary: "The user's subscriptions, newest first (empty until one is bought); filtered by state and paged",
  request: { headers: appTypeHeader, query: subscriptionQuery },
  responses: answers(
    z.object({
      subscriptions: z.array(
        z.object({
          id: z.number().int(),
          plan_id: z.string(),
          plan_months: z.number().int().nullable().openapi({ description: "The plan's length, to name it" }),
          status: z.string(),
          provider: z.string(),
          started_at: z.string().nullable(),
          renews_at: z.string().nullable(),
          expires_at: z.string().nullable(),
          auto_renew: z.boolean(),
          prepaid: z.boolean().openapi({
            description: "A prepaid period that never renews (paid in cryptocurrency): no renewal switch",
          }),
        }),
      ),
      total: z.number().int().openapi({ description: "How many subscriptions match, on every page" }),
      page: z.number().int(),
      page_size: z.number().int(),
    }),
    ["validation", "badAppType", ...SESSION_ERRORS],
  ),
});

export const subscriptionCancel = createRoute({
  method: "post",
  path: `${base}/subscription_cancel`,
  tags,
  security: bearer,
  summary: "Turn off automatic renewal; access continues until the paid period ends",
  request: { headers: appTypeHeader, ...json(z.object({ id: z.number().int() })) },
  responses: answers(renewalSchema, [
    "validation",
    ...WRITE_ERRORS,
    ...SESSION_ERRORS,
    ["notFound", "no such subscription"],
    ["processorRefused", "the payment provider could not turn renewal off; nothing was changed"],
  ]),
});

export const subscriptionResume = createRoute({
  method: "post",
  path: `${base}/subscription_resume`,
  tags,
  security: bearer,
  summary:
    "Turn automatic renewal back on while the paid period runs (40123 when it cannot be, 40121 when the processor refuses)",
  request: { headers: appTypeHeader, ...json(z.object({ id: z.number().int() })) },
  responses: answers(renewalSchema, [
    "validation",
    ...WRITE_ERRORS,
    ...SESSION_ERRORS,
    ["notFound", "no such subscription"],
    "renewalNotResumable",
    ["processorRefused", "the payment provider could not turn renewal back on"],
    "prepaidNoRenewal",
  ]),
});
