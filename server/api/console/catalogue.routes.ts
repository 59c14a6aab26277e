import { createRoute, z } from "@hono/zod-openapi";
import {
  addPlanSchema,
  editPlanSchema,
  mapPriceIdSchema,
  planIdSchema,
  setPriceSchema,
} from "../../../core/billing/manage-catalogue";
import { MAX_RULE_PATH_LENGTH, routeRuleSchema } from "../../../core/config/route-rules";
import { PROVIDER_CODES } from "../../../universal/billing/provider-codes";
import { bearer } from "../account/contract";
import { answers, appTypeHeader, json, WRITE_ERRORS } from "../contract";
import { cataloguePlanSchema } from "../operator/catalogue.routes";
import { CONSOLE_BASE, STAFF_ERRORS } from "./console.routes";

/**
 * The console's catalogue and route rules (decision 056), right catalogue.manage (owners and
 * marketing): the operator API's own operations, each change also in the staff audit log.
 */
const tags = ["Operator console"];

/** The catalogue as it stands refuses the change. */
const REFUSALS = [
  ["notFound", "no plan with this id"],
  "planExists",
  "defaultPlanHidden",
  "hiddenPlanDefault",
  ["planSold", "the plan has been bought: its months stay and its limits do not go down; data.field names which"],
] as const;

const planChange = <B extends z.ZodType>(path: string, summary: string, body: B) =>
  createRoute({
    method: "post",
    path: `${CONSOLE_BASE}/catalogue/${path}`,
    tags,
    security: bearer,
    summary,
    request: { headers: appTypeHeader, ...json(body) },
    responses: answers(z.object({ plan: cataloguePlanSchema }), [
      ["validation", "invalid input; data.fields: one message per field"],
      ...WRITE_ERRORS,
      ...STAFF_ERRORS,
      ...REFUSALS,
    ]),
  });

export const getCatalogue = createRoute({
  method: "get",
  path: `${CONSOLE_BASE}/catalogue`,
  tags,
  security: bearer,
  summary: "Every plan (hidden ones too) with prices and provider price ids, the currencies and the offered codes",
  request: { headers: appTypeHeader },
  responses: answers(
    z.object({
      plans: z.array(cataloguePlanSchema),
      currencies: z.array(z.string()).openapi({ description: "The currencies a price can be set in" }),
      providers: z.array(
        z.object({
          code: z.enum(PROVIDER_CODES),
          processor: z.string().nullable().openapi({ description: "The processor kind; null for the sandbox" }),
        }),
      ),
    }),
    [...STAFF_ERRORS],
  ),
});

export const addPlan = planChange("plans", "Add a plan (for sale once it has a price)", addPlanSchema);
export const editPlan = planChange(
  "plans/edit",
  "Change a plan's months, limits or order; once bought, its months stay and its limits only go up",
  editPlanSchema,
);
export const setPlanVisibility = planChange(
  "plans/visibility",
  "Hide a plan from new purchases or show it again",
  z.object({ plan_id: planIdSchema, visible: z.boolean() }),
);
export const setDefaultPlan = planChange(
  "plans/default",
  "Make a visible plan the default",
  z.object({ plan_id: planIdSchema }),
);
export const setPrice = planChange("prices", "Set a plan's price in one currency; new purchases only", setPriceSchema);
export const mapPriceId = planChange(
  "price_ids",
  "Set (or with price_id null remove) a plan's price id at one provider code",
  mapPriceIdSchema,
);

const routeRule = z.object({ path: z.string(), target: z.string(), permanent: z.boolean(), updated_at: z.string() });

export const listRouteRules = createRoute({
  method: "get",
  path: `${CONSOLE_BASE}/route_rules`,
  tags,
  security: bearer,
  summary: "The route rules, by path",
  request: { headers: appTypeHeader },
  responses: answers(z.object({ rules: z.array(routeRule) }), [...STAFF_ERRORS]),
});

export const saveRouteRule = createRoute({
  method: "post",
  path: `${CONSOLE_BASE}/route_rules`,
  tags,
  security: bearer,
  summary: "Add a route rule or replace the rule of its path",
  request: { headers: appTypeHeader, ...json(routeRuleSchema) },
  responses: answers(z.object({ rule: routeRule }), [
    ["validation", "invalid path or target; data.fields says which"],
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    "routeRuleLoop",
    "routeRulesFull",
  ]),
});

export const deleteRouteRule = createRoute({
  method: "post",
  path: `${CONSOLE_BASE}/route_rules/delete`,
  tags,
  security: bearer,
  summary: "Remove the rule of a path",
  request: {
    headers: appTypeHeader,
    ...json(z.object({ path: z.string().min(1).max(MAX_RULE_PATH_LENGTH) })),
  },
  responses: answers(z.object({ path: z.string() }), [
    "validation",
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    ["notFound", "no rule for this path"],
  ]),
});
