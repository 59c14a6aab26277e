import { createRoute, z } from "@hono/zod-openapi";
import { answers, json, SESSION_ERRORS, WRITE_ERRORS } from "../contract";
import { appTypeHeader, tags } from "./payment.schemas";

/** Contracts of the plan switcher (decision 037): the account's plan and choices, a preview, the switch. */

const base = "/api/mms/payment/v1/web/plan_switch";
const security: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { sessionCookie: [] }];

const timing = z.enum(["now", "at_renewal"]).openapi({
  description: "now: an upgrade at once, prorated by the processor; at_renewal: the next renewal is on the new plan",
});
const refusal = z
  .enum([
    "not_subscriber",
    "same_plan",
    "not_sold_in_currency",
    "not_an_upgrade",
    "renewal_off",
    "switch_pending",
    "processor_cannot_switch",
    "prepaid",
  ])
  .nullable()
  .openapi({ description: "Why this switch is not offered (null: it is)" });

const previewBody = z.object({ plan_id: z.string().min(1).max(64), timing });
const switchBody = previewBody.extend({
  quoted_at: z.string().datetime({ offset: true }).optional().openapi({
    description:
      "The preview's quoted_at: confirmed within 10 minutes of it, the switch is prorated as of the preview and charges the amount shown (else as of now)",
  }),
});

const quoteSchema = z.object({
  plan_id: z.string(),
  timing,
  amount: z.number().int().openapi({ description: "Minor units, before tax: charged now, or at the renewal" }),
  currency: z.string(),
  effective_at: z.string(),
  period_end: z.string().nullable().openapi({ description: "The new plan's period end when it starts now" }),
  device_limit: z.number().int(),
});

const REFUSALS = [
  ["notSubscriber", "no paid time running: buy a plan instead"],
  "samePlan",
  "planNotSoldInCurrency",
  "notAnUpgrade",
  "switchNeedsRenewal",
  "switchPending",
  "planChangeUnsupported",
  ["notFound", "no such plan"],
  ["processorUnavailable", "the subscription's payment provider is not reachable from here; nothing was changed"],
  ["processorRefused", "the payment provider refused or could not be reached; nothing was changed"],
  "prepaidNoPlanChange",
] as const;

export const planSwitchStatus = createRoute({
  method: "get",
  path: base,
  tags,
  security,
  summary: "The account's plan, a switch scheduled for its renewal, and the plans it may move to (and how)",
  request: { headers: appTypeHeader },
  responses: answers(
    z.object({
      subscription: z
        .object({
          id: z.number().int(),
          plan_id: z.string(),
          plan_months: z.number().int().nullable(),
          device_limit: z.number().int().nullable(),
          currency: z.string(),
          amount: z.number().int().openapi({ description: "What a renewal charges, minor units" }),
          period_end: z.string().nullable(),
          auto_renew: z.boolean(),
          prepaid: z.boolean().openapi({ description: "Paid in cryptocurrency for a set period: nothing to switch" }),
          scheduled: z
            .object({
              plan_id: z.string(),
              plan_months: z.number().int().nullable(),
              amount: z.number().int().nullable(),
              at: z.string().nullable(),
            })
            .nullable(),
        })
        .nullable(),
      choices: z.array(
        z.object({
          plan_id: z.string(),
          plan_months: z.number().int(),
          device_limit: z.number().int(),
          amount: z.number().int().openapi({ description: "The plan's price in the subscription's currency" }),
          now: refusal,
          at_renewal: refusal,
        }),
      ),
    }),
    ["badAppType", ...SESSION_ERRORS],
  ),
});

export const planSwitchPreview = createRoute({
  method: "post",
  path: `${base}/preview`,
  tags,
  security,
  summary: "What a switch would cost, computed by the subscription's processor; nothing changes",
  request: { headers: appTypeHeader, ...json(previewBody) },
  responses: answers(quoteSchema.extend({ quoted_at: z.string() }), [
    "validation",
    ...WRITE_ERRORS,
    ...SESSION_ERRORS,
    ...REFUSALS,
  ]),
});

export const planSwitch = createRoute({
  method: "post",
  path: base,
  tags,
  security,
  summary:
    "Switch plans: the processor first (prorated charge now, or the renewal scheduled); the device limit follows the plan",
  request: { headers: appTypeHeader, ...json(switchBody) },
  responses: answers(quoteSchema.extend({ devices_unbound: z.number().int() }), [
    "validation",
    ...WRITE_ERRORS,
    ...SESSION_ERRORS,
    ...REFUSALS,
  ]),
});

export const planSwitchCancel = createRoute({
  method: "post",
  path: `${base}/cancel`,
  tags,
  security,
  summary: "Cancel the switch scheduled for the renewal (the processor first)",
  request: { headers: appTypeHeader, ...json(z.object({})) },
  responses: answers(z.object({ canceled: z.boolean() }), [
    "validation",
    ...WRITE_ERRORS,
    ...SESSION_ERRORS,
    ["notFound", "no switch is scheduled"],
    ["processorUnavailable", "the subscription's payment provider is not reachable from here; nothing was changed"],
    ["processorRefused", "the payment provider refused or could not be reached; nothing was changed"],
  ]),
});
