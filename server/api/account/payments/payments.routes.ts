import { createRoute, z } from "@hono/zod-openapi";
import { PAYMENT_STATUSES } from "../../../../universal/billing/payment-record";
import { billingProfileSchema } from "../../../../universal/validation/billing-rules";
import { answers, appTypeHeader, json, SESSION_ERRORS, WRITE_ERRORS } from "../../contract";
import { bearer } from "../contract";

/** Contracts of the account's payment history and the billing details its receipts print. */

const base = "/api/mms/payment/v1/web";
const tags = ["Payment"];

const paymentSchema = z.object({
  order_id: z.string(),
  paid_at: z.string().openapi({ description: "When the processor took the money (ISO 8601)" }),
  plan_id: z.string(),
  plan_months: z.number().int().nullable(),
  amount_minor: z.number().int().openapi({ description: "In the currency's minor unit (cents)" }),
  currency: z.string().length(3),
  provider: z.string().openapi({ description: "The payment method's SPEC §7 code (s1, pd, ps…)" }),
  processor: z.string().openapi({ description: "stripe, paddle, paypal or sandbox" }),
  status: z.enum(PAYMENT_STATUSES),
  refund: z.object({ amount_minor: z.number().int(), at: z.string() }).nullable(),
  has_receipt: z.boolean(),
});

const billingDetailsSchema = z.object({ name: z.string(), address: z.string(), vat_id: z.string() });

export const paymentMy = createRoute({
  method: "get",
  path: `${base}/payment_my`,
  tags,
  security: bearer,
  summary:
    "Every payment of the account, newest first (paid, refunded, declined); receipts at /myaccount/receipts/{order_id}",
  request: { headers: appTypeHeader },
  responses: answers(z.object({ payments: z.array(paymentSchema) }), ["badAppType", ...SESSION_ERRORS]),
});

export const billingProfileGet = createRoute({
  method: "get",
  path: `${base}/billing_profile`,
  tags,
  security: bearer,
  summary: "The billing name, address and VAT ID printed on the account's receipts (empty until saved)",
  request: { headers: appTypeHeader },
  responses: answers(billingDetailsSchema, ["badAppType", ...SESSION_ERRORS]),
});

export const billingProfileSave = createRoute({
  method: "post",
  path: `${base}/billing_profile`,
  tags,
  security: bearer,
  summary:
    "Replace the billing details (checked: name 100, address 300 in 6 lines, VAT ID CC + 2-13 letters or digits)",
  request: { headers: appTypeHeader, ...json(billingProfileSchema) },
  responses: answers(billingDetailsSchema, ["validation", ...WRITE_ERRORS, ...SESSION_ERRORS]),
});
