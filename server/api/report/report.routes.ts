import { createRoute, z } from "@hono/zod-openapi";
import { contactSchema } from "../../../universal/validation/contact-rules";
import { envelopeSchema, errorResponses } from "../envelope";

/** Contracts of the report API (SPEC §7: contact-us). */

export const contactUs = createRoute({
  method: "post",
  path: "/api/mms/report/v1/contact_us",
  tags: ["Report"],
  summary: "A contact-us report: stored, then mailed to support by the outbox (retried until sent)",
  request: {
    body: {
      content: {
        "application/json": {
          schema: contactSchema.extend({
            recasign: z.string().max(20_000).openapi({ description: "Captcha token" }),
            language: z.string().max(8).optional(),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: "Stored; `reference` identifies the report in replies",
      content: { "application/json": { schema: envelopeSchema(z.object({ reference: z.string() })) } },
    },
    ...errorResponses([
      ["validation", "invalid input; data.fields"],
      "captchaFailed",
      ["tooManyRequests", "too many reports from this address or e-mail; see Retry-After"],
    ]),
  },
});
