import type { RouteConfig, RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  actorSchema,
  addPlan,
  type CatalogueResult,
  editPlan,
  listCatalogue,
  listCatalogueChanges,
  mapPriceId,
  setDefaultPlan,
  setPlanVisible,
  setPrice,
} from "../../../core/billing/manage-catalogue";
import type { AppDeps, AppEnv } from "../../context";
import { errorReply, ok } from "../envelope";
import type * as routes from "./catalogue.routes";

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;
type CatalogueDeps = Pick<AppDeps, "database" | "config">;

/** The caller's name for the audit log, or a 40000 answer when it is not a sane one. */
const actorOf = (c: Context<AppEnv>) => actorSchema.safeParse(c.req.header("x-operator-name") ?? "operator-api");

/** The envelope of a change: the plan, or why the catalogue refused it. */
function answer(c: Context<AppEnv>, result: CatalogueResult, action: string) {
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
      return errorReply(c, "defaultPlanHidden", null, `plan ${id} is the default: make another plan the default first`);
    case "hidden_plan":
      return errorReply(c, "hiddenPlanDefault", null, `plan ${id} is hidden: a hidden plan cannot be the default`);
    case "plan_sold":
      return errorReply(c, "planSold", { field: result.field }, `plan ${id} has been bought: add a new plan instead`);
  }
}

/** Runs one change with the caller's name; a bad name is bad input like any other. */
async function change(c: Context<AppEnv>, action: string, run: (actor: string) => Promise<CatalogueResult>) {
  const actor = actorOf(c);
  if (!actor.success) {
    return errorReply(c, "validation", {
      fields: { "x-operator-name": actor.error.issues[0]?.message ?? "invalid" },
    });
  }
  return answer(c, await run(actor.data), action);
}

/** The operator's catalogue: thin handlers over core/billing/manage-catalogue.ts. */
export function catalogueHandlers(deps: CatalogueDeps) {
  const db = deps.database.db;

  const getCatalogue: Handler<typeof routes.getCatalogue> = async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(
      ok({
        plans: await listCatalogue(db),
        discount_floor_percent: deps.config.DISCOUNT_FLOOR_PERCENT,
        changes: await listCatalogueChanges(db),
      }),
      200,
    );
  };

  const setPriceHandler: Handler<typeof routes.setPrice> = (c) =>
    change(c, "set-price", (actor) => setPrice(db, c.req.valid("json"), actor));

  const addPlanHandler: Handler<typeof routes.addPlan> = (c) =>
    change(c, "add-plan", (actor) => addPlan(db, c.req.valid("json"), actor));

  const editPlanHandler: Handler<typeof routes.editPlan> = (c) =>
    change(c, "edit-plan", (actor) =>
      editPlan(db, { ...c.req.valid("json"), plan_id: c.req.valid("param").plan_id }, actor),
    );

  const setPlanVisibility: Handler<typeof routes.setPlanVisibility> = (c) =>
    change(c, "visibility", (actor) =>
      setPlanVisible(db, { plan_id: c.req.valid("param").plan_id, visible: c.req.valid("json").visible }, actor),
    );

  const setDefaultPlanHandler: Handler<typeof routes.setDefaultPlan> = (c) =>
    change(c, "set-default", (actor) => setDefaultPlan(db, c.req.valid("json"), actor));

  const mapPriceIdHandler: Handler<typeof routes.mapPriceId> = (c) =>
    change(c, "map-price-id", (actor) => mapPriceId(db, c.req.valid("json"), actor));

  return {
    getCatalogue,
    setPrice: setPriceHandler,
    addPlan: addPlanHandler,
    editPlan: editPlanHandler,
    setPlanVisibility,
    setDefaultPlan: setDefaultPlanHandler,
    mapPriceId: mapPriceIdHandler,
  };
}
