import { createRoute, z } from "@hono/zod-openapi";
import { createVoucherBatchSchema } from "../../../core/vouchers/vouchers";
import { DEFAULT_LOCALE, LOCALES } from "../../../universal/i18n/locales";
import { OPERATOR_ERRORS } from "../contract";
import { envelopeSchema, errorResponses } from "../envelope";

/**
 * Contracts of the operator's voucher batches (decision 046), behind `Authorization: Bearer
 * OPERATOR_TOKEN` like the coupons. `npm run vouchers` is a client of these calls.
 */

export const VOUCHER_BATCHES_PATH = "/api/operator/v1/voucher_batches";

const security: Array<Record<string, string[]>> = [{ bearerAuth: [] }];
const operatorErrors = errorResponses([
  ["validation", "invalid input; data.fields: one message per field, e.g. count"],
  ...OPERATOR_ERRORS,
]);

export const voucherBatchSchema = z
  .object({
    id: z.number().int(),
    plan_id: z.string().openapi({ description: "The plan whose device limit the time has" }),
    period_months: z.number().int(),
    period_days: z.number().int(),
    count: z.number().int(),
    redeemed: z.number().int(),
    expires_at: z.string().nullable().openapi({ description: "null = the codes never expire" }),
    reseller: z.string(),
    created_by: z.string(),
    created_at: z.string(),
  })
  .openapi("VoucherBatch");

export const listVoucherBatches = createRoute({
  method: "get",
  path: VOUCHER_BATCHES_PATH,
  tags: ["Operator"],
  summary: "Every voucher batch, oldest first, with how many of its codes were redeemed",
  security,
  responses: {
    200: {
      description: "The batches",
      content: {
        "application/json": { schema: envelopeSchema(z.object({ batches: z.array(voucherBatchSchema) })) },
      },
    },
    ...operatorErrors,
  },
});

export const createVoucherBatch = createRoute({
  method: "post",
  path: VOUCHER_BATCHES_PATH,
  tags: ["Operator"],
  summary:
    "Create a batch of voucher codes (plan, period in months and days, count up to 10000, expiry, reseller). The codes are answered this once (only their hashes are kept): as JSON, with ?format=csv as a CSV file, or with ?format=pdf as printable cards (ten an A4 page) in ?locale's language",
  security,
  request: {
    query: z.object({
      format: z.enum(["json", "csv", "pdf"]).default("json").openapi({
        description: "csv: a file, one code a line; pdf: printable cards with cut lines",
      }),
      locale: z
        .enum(LOCALES.map((locale) => locale.code) as [string, ...string[]])
        .default(DEFAULT_LOCALE)
        .openapi({ description: "The cards' language (format=pdf): texts, dates and the /redeem address" }),
    }),
    headers: z.object({
      "x-operator-name": z.string().optional().openapi({
        description: 'Who creates the batch (default "operator-api"; the CLI sends "cli")',
        example: "cli",
      }),
    }),
    body: { content: { "application/json": { schema: createVoucherBatchSchema } }, required: true },
  },
  responses: {
    200: {
      description: "The batch and its codes",
      content: {
        "application/json": {
          schema: envelopeSchema(z.object({ batch: voucherBatchSchema, codes: z.array(z.string()) })),
        },
        "application/pdf": {
          schema: z.string().openapi({ format: "binary", description: "A4 pages of ten cards; one card per code" }),
        },
        "text/csv": {
          schema: z.string().openapi({
            description: "code,batch,reseller,plan_id,period_months,period_days,expires_at; one row per code",
          }),
        },
      },
    },
    ...operatorErrors,
    ...errorResponses([["notFound", "no plan with this plan_id"]]),
  },
});
