import { createRoute, z } from "@hono/zod-openapi";
import { envelopeSchema, errorResponses } from "../envelope";

export const healthz = createRoute({
  method: "get",
  path: "/healthz",
  tags: ["Operations"],
  summary: "Liveness: the process is up",
  responses: {
    200: {
      description: "The process answers",
      content: { "application/json": { schema: envelopeSchema(z.object({ status: z.literal("up") })) } },
    },
  },
});

export const readyz = createRoute({
  method: "get",
  path: "/readyz",
  tags: ["Operations"],
  summary: "Readiness: the database answers and the process is not shutting down",
  responses: {
    200: {
      description: "Ready for traffic",
      content: {
        "application/json": {
          schema: envelopeSchema(z.object({ status: z.literal("ready"), database: z.enum(["pglite", "postgres"]) })),
        },
      },
    },
    ...errorResponses([["unavailable", "database unreachable or shutting down"]]),
  },
});
