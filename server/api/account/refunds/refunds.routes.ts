import { createRoute, z } from "@hono/zod-openapi";
import { answers, appTypeHeader, json, SESSION_ERRORS, WRITE_ERRORS } from "../../contract";
import { bearer } from "../contract";

/** Contracts of the self-served money-back refund (decision 035; under the payment paths). */

const base = "/api/mms/payment/v1/web";
const tags = ["Payment"];

export const refundStatus = createRoute({
  method: "get",
  path: `${base}/refund_status`,
  tags,
  security: bearer,
  summary: "The account's latest paid purchase and whether its owner may refund it now",
  request: { headers: appTypeHeader },
  responses: answers(
    z.object({
      window_days: z.number().int().nullable().openapi({ description: "The money-back window; null: off" }),
      purchase: z
        .object({
          order_id: z.string(),
          plan_id: z.string(),
          provider: z.string(),
          amount: z.number().int().openapi({ description: "Minor units" }),
          currency: z.string(),
          paid_at: z.string().nullable(),
        })
        .nullable(),
      eligible: z.boolean(),
      reason: z
        .enum(["off", "no_purchase", "refunded", "second_refund", "not_first_purchase", "window_over", "crypto"])
        .nullable()
        .openapi({ description: "Why not (null when eligible): these go to support" }),
      refundable_until: z.string().nullable(),
    }),
    ["badAppType", ...SESSION_ERRORS],
  ),
});

export const refundRequest = createRoute({
  method: "post",
  path: `${base}/refund`,
  tags,
  security: bearer,
  summary:
    "Refund a first purchase in full within the money-back window: the processor first; access ends once it confirms",
  request: { headers: appTypeHeader, ...json(z.object({ order_id: z.string().min(1).max(64) })) },
  responses: answers(
    z.object({
      outcome: z.enum(["refunded", "pending"]).openapi({
        description: "refunded: done, access ended; pending: the processor reviews it, access ends when it approves",
      }),
    }),
    [
      "validation",
      ...WRITE_ERRORS,
      ...SESSION_ERRORS,
      ["notFound", "no such paid order"],
      "refundNotEligible",
      ["processorUnavailable", "the order's payment provider is not reachable from here; nothing was changed"],
      ["processorRefused", "the payment provider refused or could not be reached; nothing was changed"],
    ],
  ),
});
