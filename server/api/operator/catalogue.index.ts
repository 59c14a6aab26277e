import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  actorSchema,
  addPlan,
  type CatalogueResult,
  listCatalogue,
  listCatalogueChanges,
  mapPriceId,
  setDefaultPlan,
  setPlanVisible,
  setPrice,
} from "../../../core/billing/manage-catalogue";
import type { AppDeps, AppEnv } from "../../context";
import { requireOperator } from "../../middleware/operator-auth";
import { errorReply, ok } from "../envelope";
import * as routes from "./catalogue.routes";

/** The operator's catalogue: thin handlers over core/billing/manage-catalogue.ts. */
export function operatorCatalogueRouter(deps: AppDeps) {
  const db = deps.database.db;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });

  const operator = requireOperator(db, deps.config.OPERATOR_TOKEN);
  app.use(routes.CATALOGUE_PATH, operator);
  app.use(`${routes.CATALOGUE_PATH}/*`, operator);

  /** The caller's name for the audit log, or a 40000 answer when it is not a sane one. */
  const actorOf = (c: Context<AppEnv>) => actorSchema.safeParse(c.req.header("x-operator-name") ?? "operator-api");

  /** The envelope of a change: the plan, or why the catalogue refused it. */
  const answer = (c: Context<AppEnv>, result: CatalogueResult, action: string) => {
    c.header("Cache-Control", "no-store");
    if ("plan" in result) {
      c.get("logger").info({ event: "catalogue_changed", action, plan: result.plan.id }, "catalogue changed");
      return c.json(ok({ plan: result.plan }), 200);
    }
    const id = result.planId;
    switch (result.refused) {
      case "unknown_plan":
        return errorReply(c, "notFound", null, `no plan ${id}`);
      case "plan_exists":
        return errorReply(c, "planExists", null, `plan ${id} exists already: change it instead`);
      case "default_plan":
        return errorReply(
          c,
          "defaultPlanHidden",
          null,
          `plan ${id} is the default: make another plan the default first`,
        );
      case "hidden_plan":
        return errorReply(c, "hiddenPlanDefault", null, `plan ${id} is hidden: a hidden plan cannot be the default`);
    }
  };

  /** Runs one change with the caller's name; a bad name is bad input like any other. */
  const change = async (c: Context<AppEnv>, action: string, run: (actor: string) => Promise<CatalogueResult>) => {
    const actor = actorOf(c);
    if (!actor.success) {
      return errorReply(c, "validation", {
        fields: { "x-operator-name": actor.error.issues[0]?.message ?? "invalid" },
      });
    }
    return answer(c, await run(actor.data), action);
  };

  app.openapi(routes.getCatalogue, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(
      ok({
        plans: await listCatalogue(db),
        discount_floor_percent: deps.config.DISCOUNT_FLOOR_PERCENT,
        changes: await listCatalogueChanges(db),
      }),
      200,
    );
  });

  app.openapi(routes.setPrice, (c) => change(c, "set-price", (actor) => setPrice(db, c.req.valid("json"), actor)));
  app.openapi(routes.addPlan, (c) => change(c, "add-plan", (actor) => addPlan(db, c.req.valid("json"), actor)));
  app.openapi(routes.setPlanVisibility, (c) =>
    change(c, "visibility", (actor) =>
      setPlanVisible(db, { plan_id: c.req.valid("param").plan_id, visible: c.req.valid("json").visible }, actor),
    ),
  );
  app.openapi(routes.setDefaultPlan, (c) =>
    change(c, "set-default", (actor) => setDefaultPlan(db, c.req.valid("json"), actor)),
  );
  app.openapi(routes.mapPriceId, (c) =>
    change(c, "map-price-id", (actor) => mapPriceId(db, c.req.valid("json"), actor)),
  );

  return app;
}
