import { createRoute, z } from "@hono/zod-openapi";
import { MAX_RULE_PATH_LENGTH, routeRuleSchema } from "../../../core/config/route-rules";
import { promotionConfigSchema } from "../../../universal/promotions/promotion-config.schema";
import { appTypeHeader, OPERATOR_ERRORS, success } from "../contract";
import { errorResponses } from "../envelope";

/**
 * Contracts of the remote config: the public reads under /api/mms/config/v1 (X-App-Type) and the
 * operator's writes under /api/operator/v1 (Authorization: Bearer OPERATOR_TOKEN, no cookies).
 */

const operatorErrors = errorResponses(OPERATOR_ERRORS);
const validationError = errorResponses([["validation", "invalid input; data.fields: one message per field path"]]);
const operatorSecurity: Array<Record<string, string[]>> = [{ bearerAuth: [] }];

const ruleLookupSchema = z.object({
  redirect: z.string().nullable().openapi({ description: "Where to go instead; null when the path has no rule" }),
  permanent: z.boolean(),
});

const storedRuleSchema = z.object({
  path: z.string(),
  target: z.string(),
  permanent: z.boolean(),
  updated_at: z.string(),
});

export const publicPromotions = createRoute({
  method: "get",
  path: "/api/mms/config/v1/promotions",
  tags: ["Config"],
  summary:
    "The promotion config without ended promotions; the browser decides by its own clock which one is active ([start, end))",
  request: { headers: appTypeHeader },
  responses: {
    ...success(promotionConfigSchema),
    ...errorResponses(["badAppType"]),
  },
});

export const publicRouteRule = createRoute({
  method: "get",
  path: "/api/mms/config/v1/route_rule",
  tags: ["Config"],
  summary: "The route rule of a page path (language prefix kept in a site redirect), for client-side navigation",
  request: {
    headers: appTypeHeader,
    query: z.object({
      path: z
        .string()
        .max(2000)
        .regex(/^\//, "must start with /")
        .openapi({ example: "/de/black-friday", description: "The page path, with or without language prefix" }),
    }),
  },
  responses: { ...success(ruleLookupSchema), ...validationError },
});

export const operatorGetPromotions = createRoute({
  method: "get",
  path: "/api/operator/v1/promotions",
  tags: ["Operator"],
  security: operatorSecurity,
  summary: "The stored promotion config, ended promotions included",
  responses: { ...success(promotionConfigSchema), ...operatorErrors },
});

export const operatorPutPromotions = createRoute({
  method: "put",
  path: "/api/operator/v1/promotions",
  tags: ["Operator"],
  security: operatorSecurity,
  summary: "Replace the whole promotion config; an invalid document is refused and nothing is stored",
  request: { body: { content: { "application/json": { schema: promotionConfigSchema } }, required: true } },
  responses: {
    ...success(promotionConfigSchema, "Stored, with defaults filled in"),
    ...validationError,
    ...operatorErrors,
  },
});

export const operatorListRouteRules = createRoute({
  method: "get",
  path: "/api/operator/v1/route_rules",
  tags: ["Operator"],
  security: operatorSecurity,
  summary: "Every route rule, by path",
  responses: { ...success(z.object({ rules: z.array(storedRuleSchema) })), ...operatorErrors },
});

export const operatorPutRouteRule = createRoute({
  method: "put",
  path: "/api/operator/v1/route_rules",
  tags: ["Operator"],
  security: operatorSecurity,
  summary:
    "Create or replace the rule of a path (no language prefix; it applies to every language). Target: a site path or an https:// URL",
  request: { body: { content: { "application/json": { schema: routeRuleSchema } }, required: true } },
  responses: {
    ...success(storedRuleSchema),
    ...errorResponses([["validation", "invalid rule, a redirect loop, or too many rules; data.fields"]]),
    ...operatorErrors,
  },
});

export const operatorDeleteRouteRule = createRoute({
  method: "delete",
  path: "/api/operator/v1/route_rules",
  tags: ["Operator"],
  security: operatorSecurity,
  summary: "Delete the rule of a path; takes effect at once in this process, within 30 s in the others",
  request: { query: z.object({ path: z.string().min(1).max(MAX_RULE_PATH_LENGTH) }) },
  responses: {
    ...success(z.object({ path: z.string() })),
    ...validationError,
    ...errorResponses([["notFound", "no rule for this path"]]),
    ...operatorErrors,
  },
});
