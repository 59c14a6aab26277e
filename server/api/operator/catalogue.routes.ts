import { createRoute, z } from "@hono/zod-openapi";
import {
  addPlanSchema,
  editPlanSchema,
  mapPriceIdSchema,
  planIdSchema,
  setPriceSchema,
} from "../../../core/billing/manage-catalogue";
import { OPERATOR_ERRORS } from "../contract";
import { envelopeSchema, errorResponses } from "../envelope";

/**
 * Contracts of the operator's catalogue (decision 025): plans, prices and provider price ids,
 * behind `Authorization: Bearer OPERATOR_TOKEN`. `npm run catalogue` is a client of these calls.
 */

export const CATALOGUE_PATH = "/api/operator/v1/catalogue";

const operatorErrors = errorResponses([
  ["validation", "invalid input; data.fields: one message per field, e.g. sale_amount"],
  ...OPERATOR_ERRORS,
]);
/** The catalogue as it stands refuses the change. */
const refusals = errorResponses([
  ["notFound", "no plan with this id"],
  "planExists",
  "defaultPlanHidden",
  "hiddenPlanDefault",
  ["planSold", "the plan has been bought: its months stay and its limits do not go down; data.field names which"],
]);
const security: Array<Record<string, string[]>> = [{ bearerAuth: [] }];
const actorHeader = z.object({
  "x-operator-name": z.string().optional().openapi({
    description: 'Who makes the change, for the audit log (default "operator-api"; the CLI sends "cli")',
    example: "cli",
  }),
});

export const cataloguePlanSchema = z
  .object({
    id: z.string(),
    months: z.number().int(),
    device_limit: z.number().int(),
    ip_limit: z.number().int().openapi({ description: "How many IP addresses a subscriber may bind" }),
    visible: z.boolean(),
    is_default: z.boolean(),
    sort_order: z.number().int(),
    prices: z.array(
      z.object({
        currency: z.string(),
        list_amount: z.number().int().openapi({ description: "Reference price, minor units" }),
        sale_amount: z.number().int().openapi({ description: "What is charged, minor units" }),
        trial_amount: z.number().int().nullable(),
        saving_percent: z.number().int().openapi({ description: "Real saving, rounded down; 0 = not discounted" }),
      }),
    ),
    price_ids: z.record(z.string(), z.string()).openapi({ description: "Provider code -> price or product id" }),
  })
  .openapi("CataloguePlan");

const planAnswer = (description: string) => ({
  200: {
    description,
    content: { "application/json": { schema: envelopeSchema(z.object({ plan: cataloguePlanSchema })) } },
  },
});

export const getCatalogue = createRoute({
  method: "get",
  path: CATALOGUE_PATH,
  tags: ["Operator"],
  summary: "Every plan (hidden ones too) with its prices and provider price ids, and the latest changes",
  security,
  responses: {
    200: {
      description: "The catalogue; an empty plans list means nothing is for sale yet",
      content: {
        "application/json": {
          schema: envelopeSchema(
            z.object({
              plans: z.array(cataloguePlanSchema),
              discount_floor_percent: z.number().int().openapi({
                description:
                  "DISCOUNT_FLOOR_PERCENT: the least 'save up to' figure shown when a plan is discounted (0 = off)",
              }),
              changes: z.array(
                z.object({
                  id: z.number().int(),
                  changed_at: z.string(),
                  actor: z.string(),
                  action: z.string(),
                  plan_id: z.string(),
                  before: z.unknown(),
                  after: z.unknown(),
                }),
              ),
            }),
          ),
        },
      },
    },
    ...operatorErrors,
  },
});

export const setPrice = createRoute({
  method: "put",
  path: `${CATALOGUE_PATH}/prices`,
  tags: ["Operator"],
  summary:
    "Set a plan's price in one currency (list and sale amounts in minor units, optional trial); new purchases only",
  security,
  request: {
    headers: actorHeader,
    body: { content: { "application/json": { schema: setPriceSchema } }, required: true },
  },
  responses: { ...planAnswer("The plan with its new price"), ...operatorErrors, ...refusals },
});

export const addPlan = createRoute({
  method: "post",
  path: `${CATALOGUE_PATH}/plans`,
  tags: ["Operator"],
  summary: "Add a plan (for sale once it has a price); the first visible plan becomes the default",
  security,
  request: {
    headers: actorHeader,
    body: { content: { "application/json": { schema: addPlanSchema } }, required: true },
  },
  responses: { ...planAnswer("The new plan"), ...operatorErrors, ...refusals },
});

export const editPlan = createRoute({
  method: "patch",
  path: `${CATALOGUE_PATH}/plans/{plan_id}`,
  tags: ["Operator"],
  summary:
    "Change a plan's months, device or IP limit, or order; once bought, its months stay and its limits only go up",
  security,
  request: {
    headers: actorHeader,
    params: z.object({ plan_id: planIdSchema }),
    body: {
      content: { "application/json": { schema: editPlanSchema.omit({ plan_id: true }) } },
      required: true,
    },
  },
  responses: { ...planAnswer("The plan as it is now"), ...operatorErrors, ...refusals },
});

export const setPlanVisibility = createRoute({
  method: "put",
  path: `${CATALOGUE_PATH}/plans/{plan_id}/visibility`,
  tags: ["Operator"],
  summary: "Hide a plan from new purchases (orders and subscriptions keep it) or show it again",
  security,
  request: {
    headers: actorHeader,
    params: z.object({ plan_id: planIdSchema }),
    body: {
      content: { "application/json": { schema: z.object({ visible: z.boolean() }) } },
      required: true,
    },
  },
  responses: { ...planAnswer("The plan"), ...operatorErrors, ...refusals },
});

export const setDefaultPlan = createRoute({
  method: "put",
  path: `${CATALOGUE_PATH}/default_plan`,
  tags: ["Operator"],
  summary: "Make a visible plan the default (preselected at checkout, marked on the cards); exactly one is",
  security,
  request: {
    headers: actorHeader,
    body: { content: { "application/json": { schema: z.object({ plan_id: planIdSchema }) } }, required: true },
  },
  responses: { ...planAnswer("The new default plan"), ...operatorErrors, ...refusals },
});

export const mapPriceId = createRoute({
  method: "put",
  path: `${CATALOGUE_PATH}/price_ids`,
  tags: ["Operator"],
  summary: "Set (or with price_id null remove) a plan's price or product id at one provider code",
  security,
  request: {
    headers: actorHeader,
    body: { content: { "application/json": { schema: mapPriceIdSchema } }, required: true },
  },
  responses: { ...planAnswer("The plan with its price ids"), ...operatorErrors, ...refusals },
});
