import { createRoute, z } from "@hono/zod-openapi";
import { success } from "../contract";
import { errorResponses } from "../envelope";
import { tags } from "./payment.schemas";

/**
 * Contracts of the processors' webhooks. The body is documented but not validated: processors sign
 * the exact bytes they send, so the handler reads it raw (a plain schema object, not zod, keeps
 * @hono/zod-openapi from parsing it, re-serialising it, or refusing another content type).
 */

const receivedValue = z.object({
  received: z.boolean(),
  duplicate: z.boolean().openapi({ description: "The event was stored before: applied once only" }),
});

const request = {
  body: {
    description: "The processor's event, exactly as it signed it (verified over the raw bytes)",
    content: { "application/json": { schema: { type: "object" as const, additionalProperties: true } } },
    required: true,
  },
};

const responses = {
  ...success(receivedValue),
  ...errorResponses([["notFound", "unknown processor (or not one of this payment mode)"], "badSignature"]),
};

/** The built-in sandbox's webhooks (PAYMENT_MODE=sandbox): /api/webhooks/sandbox. */
export const sandboxWebhook = createRoute({
  method: "post",
  path: "/api/webhooks/{processor}",
  tags,
  summary: "A processor's event without an environment segment (the sandbox's); answered 200 once stored",
  request: { params: z.object({ processor: z.string() }), ...request },
  responses,
});

/** A real processor's webhooks, in its own words for the mode: /api/webhooks/stripe/production, …/paddle/sandbox. */
export const processorWebhook = createRoute({
  method: "post",
  path: "/api/webhooks/{processor}/{environment}",
  tags,
  summary: "A processor's event (stripe, paddle, paypal, btcpay; production or sandbox); answered 200 once stored",
  request: { params: z.object({ processor: z.string(), environment: z.string() }), ...request },
  responses,
});
