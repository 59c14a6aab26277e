import { z } from "@hono/zod-openapi";
import { envelopeSchema } from "../envelope";

/** Pieces shared by the payment API's contracts (plans.routes.ts, purchases.routes.ts, webhooks.routes.ts). */

export const tags = ["Payment"];

export const appTypeHeader = z.object({
  "x-app-type": z.string().openapi({ example: "501" }),
  "x-from": z.string().optional(),
});

export const currencySchema = z.enum(["USD", "AUD", "CAD", "GBP"]);

/** The 200 answer of a route: the `{code, message, data}` envelope around `data`. */
export function success<T extends z.ZodType>(data: T) {
  return {
    200: { description: "Success (code 200)", content: { "application/json": { schema: envelopeSchema(data) } } },
  };
}
