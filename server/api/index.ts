import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppDeps, AppEnv } from "../context";
import { ErrorCode, failure } from "./envelope";
import { healthRouter } from "./health/health.index";

export const OPENAPI_PATH = "/api/openapi.json";

/**
 * Every API resource, mounted on one OpenAPI-described router. Each resource lives in
 * server/api/<resource>/ as <resource>.routes.ts (contracts), .handlers/.index.ts (wiring).
 */
export function createApi(deps: AppDeps) {
  const api = new OpenAPIHono<AppEnv>({
    // zod validation failures become the 40000 envelope, with one message key per bad field.
    defaultHook: (result, c) => {
      if (!result.success) {
        const fields: Record<string, string> = {};
        for (const issue of result.error.issues) {
          fields[issue.path.join(".") || "_"] ??= issue.message;
        }
        return c.json(failure(ErrorCode.validation, "invalid request", { fields }), 400);
      }
    },
  });

  api.route("/", healthRouter(deps));

  api.doc31(OPENAPI_PATH, {
    openapi: "3.1.0",
    info: { title: "Veilport API", version: "1" },
  });
  return api;
}
