import { createRoute, z } from "@hono/zod-openapi";
import { envelopeSchema, errorResponses } from "../envelope";

/** Contracts of the free tools' API (what-is-my-ip). */

export const ipRecordSchema = z
  .object({
    ip: z.string(),
    family: z.union([z.literal(4), z.literal(6)]),
    kind: z.enum([
      "public",
      "private",
      "loopback",
      "link-local",
      "shared",
      "multicast",
      "unspecified",
      "documentation",
      "reserved",
    ]),
    country_code: z.string().openapi({ description: "ISO 3166-1 alpha-2; empty when unknown" }),
    country: z.string().openapi({ description: "English country name" }),
    region: z.string(),
    city: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    timezone: z.string(),
    asn: z.number().int().nullable(),
    organisation: z.string(),
    hosting: z.boolean().openapi({ description: "The network is a data centre, cloud or VPN provider" }),
  })
  .openapi("IpRecord");

export const ipInfo = createRoute({
  method: "get",
  path: "/api/mms/tools/v1/ip_info",
  tags: ["Tools"],
  summary: "Location and network of the caller's address, or of ?ip= (rate limited)",
  request: {
    query: z.object({ ip: z.string().max(64).optional() }),
  },
  responses: {
    200: {
      description: "The address described (geolocation by DB-IP, ASN by RouteViews and DB-IP; CC BY 4.0)",
      content: { "application/json": { schema: envelopeSchema(ipRecordSchema) } },
    },
    ...errorResponses([
      ["validation", "not an IP address (data.fields.ip = ip.invalid)"],
      ["tooManyRequests", "too many lookups; see Retry-After"],
      ["unavailable", "the geo database could not be loaded"],
    ]),
  },
});

export const myIp = createRoute({
  method: "get",
  path: "/api/tools/my-ip",
  tags: ["Tools"],
  summary:
    "The caller's address and its family, for any origin (CORS *, no credentials): the page asks the IPv4-only and IPv6-only host names",
  responses: {
    200: {
      description: "The address this request came from",
      content: {
        "application/json": {
          schema: envelopeSchema(z.object({ ip: z.string(), family: z.union([z.literal(4), z.literal(6)]) })),
        },
      },
    },
  },
});
