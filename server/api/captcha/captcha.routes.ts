import { createRoute, z } from "@hono/zod-openapi";
import { envelopeSchema, errorResponses } from "../envelope";

/** Contract of the captcha's public settings (SPEC §7). */

export const captchaChallenge = createRoute({
  method: "get",
  path: "/api/mms/captcha/v1/challenge",
  tags: ["Captcha"],
  summary: "What the page needs to produce a captcha token (provider and public settings)",
  responses: {
    200: {
      description: "Provider settings",
      content: { "application/json": { schema: envelopeSchema(z.object({ provider: z.string() }).passthrough()) } },
    },
    ...errorResponses(["badAppType"]),
  },
});
