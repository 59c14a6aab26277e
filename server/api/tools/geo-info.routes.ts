import { createRoute, z } from "@hono/zod-openapi";
import { appTypeHeader } from "../contract";
import { envelopeSchema, errorResponses } from "../envelope";

/** Contract of the caller's address and country for the apps (SPEC §7 geo_info). */

export const geoInfo = createRoute({
  method: "post",
  path: "/api/mms/account/v1/geo_info",
  tags: ["Account"],
  summary: "The caller's public address and country (TRUST_PROXY decides whether X-Forwarded-For counts)",
  request: { headers: appTypeHeader },
  responses: {
    200: {
      description: "Success (code 200)",
      content: {
        "application/json": {
          schema: envelopeSchema(z.object({ user_ip: z.string(), country: z.string(), country_code: z.string() })),
        },
      },
    },
    ...errorResponses(["badAppType", "forbiddenOrigin", "jsonOnly"]),
  },
});
