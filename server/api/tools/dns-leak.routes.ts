import { createRoute, z } from "@hono/zod-openapi";
import { appTypeHeader } from "../contract";
import { envelopeSchema, errorResponses } from "../envelope";

/** Contracts of the DNS leak test (decision 043). */

const testId = z
  .string()
  .regex(/^[0-9a-f]{28}$/)
  .openapi({ description: "The test's id: 28 hex digits" });

export const startDnsLeakTest = createRoute({
  method: "post",
  path: "/api/mms/tools/v1/dns_leak/tests",
  tags: ["Tools"],
  summary: "A new DNS leak test: one-time host names in the test zone for the browser to resolve",
  request: {
    headers: appTypeHeader,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({ mode: z.enum(["standard", "extended"]).default("standard") }),
        },
      },
    },
  },
  responses: {
    200: {
      description: "The test: load any small resource from each probe host (e.g. probe_path), then read the result",
      content: {
        "application/json": {
          schema: envelopeSchema(
            z.object({
              test_id: testId,
              mode: z.enum(["standard", "extended"]),
              probes: z.array(z.string()).openapi({ description: "Host names, each to be resolved once" }),
              probe_path: z.string().openapi({ description: "A tiny image every probe host serves" }),
              expires_in: z.number().int().openapi({ description: "Seconds the observations are kept" }),
            }),
          ),
        },
      },
    },
    ...errorResponses([
      "validation",
      "badAppType",
      "forbiddenOrigin",
      "jsonOnly",
      ["dnsLeakNotSetUp", "DNS_LEAK_ZONE is not set on this server"],
    ]),
  },
});

export const dnsLeakResult = createRoute({
  method: "get",
  path: "/api/mms/tools/v1/dns_leak/tests/{test_id}",
  tags: ["Tools"],
  summary: "The resolvers that asked for the test's names so far, with their country, network and VPN membership",
  request: { headers: appTypeHeader, params: z.object({ test_id: z.string().max(64) }) },
  responses: {
    200: {
      description: "The resolvers seen (none yet is a valid answer: ask again a little later)",
      content: {
        "application/json": {
          schema: envelopeSchema(
            z.object({
              test_id: testId,
              probes_answered: z.number().int().openapi({ description: "Probe names some resolver asked for" }),
              resolvers: z.array(
                z.object({
                  ip: z.string(),
                  country_code: z.string(),
                  country: z.string(),
                  asn: z.number().int().nullable(),
                  organisation: z.string(),
                  vpn: z.boolean().openapi({ description: "In the operator's resolver ranges" }),
                  probes: z.number().int(),
                }),
              ),
            }),
          ),
        },
      },
    },
    ...errorResponses([
      "badAppType",
      "forbiddenOrigin",
      ["dnsLeakNotSetUp", "DNS_LEAK_ZONE is not set on this server"],
      ["dnsLeakUnknownTest", "not an id this server issued"],
    ]),
  },
});

export const dnsLeakProbe = createRoute({
  method: "get",
  path: "/api/tools/dns-leak/probe.gif",
  tags: ["Tools"],
  summary: "A 1×1 transparent GIF, on every host name of the test zone (the name's lookup is the test)",
  responses: {
    200: { description: "The image", content: { "image/gif": { schema: z.string().openapi({ format: "binary" }) } } },
  },
});
