import { createRoute, z } from "@hono/zod-openapi";
import { MAX_REPORT_DAYS, reportRangeSchema } from "../../../core/analytics/report";
import { OPERATOR_ERRORS } from "../contract";
import { envelopeSchema, errorResponses } from "../envelope";

/** Contract of the operator's report (bearer OPERATOR_TOKEN). */

export const OPERATOR_REPORT_PATH = "/api/operator/v1/report";

const revenueSchema = z
  .record(z.string(), z.number().int())
  .openapi({ description: "Minor units per currency (gross: refunded orders included)", example: { USD: 4798 } });
const figures = {
  page_views: z.number().int().openapi({ description: "`page_show` events" }),
  visitors: z.number().int().openapi({ description: "Distinct front_id among page_show events" }),
  sign_ups: z.number().int(),
  purchases: z
    .number()
    .int()
    .openapi({ description: "Orders created in the period that were paid (active or refunded)" }),
  revenue: revenueSchema,
};
const conversion = z.number().nullable().openapi({ description: "purchases / visitors; null without visitors" });

export const reportSchema = z
  .object({
    brand: z.string().openapi({ description: "The product's name (content/brand/brand.ts), for the report's title" }),
    from: z.string(),
    to: z.string(),
    days: z.array(z.object({ day: z.string(), ...figures })),
    totals: z.object({ ...figures, conversion }),
    by_source: z.array(z.object({ utm_source: z.string().nullable(), ...figures, conversion })),
    by_affiliate: z.array(z.object({ affiliate_network: z.string().nullable(), ...figures, conversion })),
    affiliate_orders: z
      .array(
        z.object({
          order_id: z.string(),
          created_at: z.string(),
          affiliate_network: z.string(),
          affiliate_click_id: z.string().nullable(),
          plan_id: z.string(),
          status: z.string(),
          amount: z.number().int(),
          currency: z.string(),
        }),
      )
      .openapi({ description: "Paid orders sent by an affiliate, with the click id the network pays on" }),
    vouchers: z
      .array(
        z.object({
          reseller: z.string(),
          codes: z.number().int().openapi({ description: "Codes of the reseller's batches, ever created" }),
          redeemed: z.number().int().openapi({ description: "Of them, redeemed within the report's days" }),
        }),
      )
      .openapi({ description: "Prepaid voucher codes per reseller (decision 046)" }),
    invites: z
      .object({
        joined: z
          .number()
          .int()
          .openapi({ description: "Accounts opened through an invite link in the report's days" }),
        converted: z.number().int().openapi({
          description:
            "Friends whose first paid purchase through an invite (self-invites left out) was recorded in these days",
        }),
        rewarded: z
          .number()
          .int()
          .openapi({ description: "Rewards (inviter's and friend's each count) granted in these days" }),
      })
      .openapi({ description: "Invite a friend (decision 047)" }),
  })
  .openapi("OperatorReport");

export const operatorReport = createRoute({
  method: "get",
  path: OPERATOR_REPORT_PATH,
  tags: ["Operator"],
  summary: `Traffic, sign-ups, purchases and revenue per UTC day, by utm_source and by affiliate network (at most ${MAX_REPORT_DAYS} days)`,
  security: [{ bearerAuth: [] }],
  request: { query: reportRangeSchema },
  responses: {
    200: {
      description: "The report; the attribution groups come from the attribution each event, user and order carries",
      content: { "application/json": { schema: envelopeSchema(reportSchema) } },
    },
    ...errorResponses([["validation", "bad dates or range; data.fields"], ...OPERATOR_ERRORS]),
  },
});
