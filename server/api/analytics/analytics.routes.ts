import { createRoute, z } from "@hono/zod-openapi";
import { analyticsBatchSchema, MAX_BATCH_BYTES, MAX_EVENTS_PER_BATCH } from "../../../core/analytics/events";
import { envelopeSchema, errorResponses } from "../envelope";

/** Contracts of the first-party analytics API. */

export const ANALYTICS_EVENTS_PATH = "/api/mms/analytics/v1/events";

export const ingestEvents = createRoute({
  method: "post",
  path: ANALYTICS_EVENTS_PATH,
  tags: ["Analytics"],
  summary: `A batch of 1-${MAX_EVENTS_PER_BATCH} analytics events (navigator.sendBeacon: no X-App-Type needed)`,
  description:
    "The `ip` field is accepted but never stored; the country comes from the server's lookup of the " +
    "client address when it has one. `user_id` is accepted but ignored: events are never linked to an account. " +
    "Timestamps more than a day from the server's clock are clamped to it.",
  request: {
    body: { required: true, content: { "application/json": { schema: analyticsBatchSchema } } },
  },
  responses: {
    200: {
      description: "Stored",
      content: { "application/json": { schema: envelopeSchema(z.object({ accepted: z.number().int() })) } },
    },
    ...errorResponses([
      ["validation", "invalid batch or event field (data.fields); nothing of the batch is stored"],
      "forbiddenOrigin",
      ["payloadTooLarge", `body over ${MAX_BATCH_BYTES / 1024} KiB`],
      ["tooManyRequests", "too many batches from this address; see Retry-After"],
    ]),
  },
});
