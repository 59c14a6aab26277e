import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Env } from "hono";
import { API_ERRORS, type ApiErrorName } from "../../universal/api/errors";

/**
 * Errors the pipeline can answer on every route, whatever its contract says (server/app.ts: the body
 * limit and the last-resort handler), so every operation lists them.
 */
const EVERY_ROUTE_ERRORS: readonly ApiErrorName[] = ["payloadTooLarge", "internal"];

type Operation = { responses?: Record<string, unknown> };
type Document = ReturnType<OpenAPIHono<Env>["getOpenAPI31Document"]>;

/** The OpenAPI 3.1 document of the API, each operation with the errors every route can answer. */
export function apiDocument<E extends Env>(api: OpenAPIHono<E>, title: string): Document {
  const document = api.getOpenAPI31Document({ openapi: "3.1.0", info: { title, version: "1" } });
  // Every route names the envelope, so it is a component (errorEnvelopeSchema in envelope.ts).
  const errorContent = { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } };
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem as Record<string, Operation>)) {
      if (typeof operation !== "object" || operation === null || !("responses" in operation)) continue;
      operation.responses ??= {};
      for (const name of EVERY_ROUTE_ERRORS) {
        const { code, status, message } = API_ERRORS[name];
        operation.responses[String(status)] ??= { description: `${code}: ${message}`, content: errorContent };
      }
    }
  }
  return document;
}
