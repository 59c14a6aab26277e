import type { RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import { CURRENCIES } from "../../../core/billing/catalogue";
import {
  addPlan,
  type CatalogueResult,
  editPlan,
  listCatalogue,
  mapPriceId,
  setDefaultPlan,
  setPlanVisible,
  setPrice,
} from "../../../core/billing/manage-catalogue";
import { deleteRouteRule, listRouteRules, saveRouteRule } from "../../../core/config/route-rule-store";
import {
  auditCatalogueChange,
  auditRouteRuleChange,
  type CatalogueSubject,
  catalogueActorName,
} from "../../../core/staff/catalogue-audit";
import type { AppEnv } from "../../context";
import type { AccountDeps } from "../account/account-deps";
import { errorReply, ok } from "../envelope";
import type * as routes from "./catalogue.routes";

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;

const staffOf = (c: Context<AppEnv>) => ({ kind: "staff" as const, userId: c.get("session").user.id });

function ruleJson(rule: { path: string; target: string; permanent: boolean; updatedAt: Date }) {
  return { path: rule.path, target: rule.target, permanent: rule.permanent, updated_at: rule.updatedAt.toISOString() };
}

/** The console's catalogue and route rules: the operator API's core functions, with a staff audit row each. */
export function consoleCatalogueHandlers(deps: AccountDeps) {
  const db = deps.db;

  /** Runs one catalogue change as this staff member and answers the plan, or why it was refused. */
  async function change(
    c: Context<AppEnv>,
    subject: CatalogueSubject,
    run: (actor: string, audit: ReturnType<typeof auditCatalogueChange>) => Promise<CatalogueResult>,
  ) {
    const staff = staffOf(c);
    const result = await run(catalogueActorName(staff.userId), auditCatalogueChange(staff, subject));
    if ("plan" in result) {
      c.get("logger").info(
        { event: "catalogue_changed", kind: subject.kind, plan: result.plan.id },
        "catalogue changed",
      );
      return c.json(ok({ plan: result.plan }), 200);
    }
    switch (result.refused) {
      case "unknown_plan":
        return errorReply(c, "notFound", null, "no such plan");
      case "plan_exists":
        return errorReply(c, "planExists");
      case "default_plan":
        return errorReply(c, "defaultPlanHidden");
      case "hidden_plan":
        return errorReply(c, "hiddenPlanDefault");
      case "plan_sold":
        return errorReply(c, "planSold", { field: result.field });
    }
  }

  const getCatalogue: Handler<"getCatalogue"> = async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(
      ok({
        plans: await listCatalogue(db),
        currencies: Object.keys(CURRENCIES),
        providers: deps.payments.offers.map((offer) => ({ code: offer.code, processor: offer.kind })),
      }),
      200,
    );
  };

  const addPlanHandler: Handler<"addPlan"> = (c) =>
    change(c, { kind: "plan" }, (actor, audit) => addPlan(db, c.req.valid("json"), actor, audit));
  const editPlanHandler: Handler<"editPlan"> = (c) =>
    change(c, { kind: "plan" }, (actor, audit) => editPlan(db, c.req.valid("json"), actor, audit));
  const visibility: Handler<"setPlanVisibility"> = (c) =>
    change(c, { kind: "plan" }, (actor, audit) => setPlanVisible(db, c.req.valid("json"), actor, audit));
  const defaultPlan: Handler<"setDefaultPlan"> = (c) =>
    change(c, { kind: "plan" }, (actor, audit) => setDefaultPlan(db, c.req.valid("json"), actor, audit));
  const price: Handler<"setPrice"> = (c) => {
    const body = c.req.valid("json");
    return change(c, { kind: "price", currency: body.currency }, (actor, audit) => setPrice(db, body, actor, audit));
  };
  const priceId: Handler<"mapPriceId"> = (c) => {
    const body = c.req.valid("json");
    return change(c, { kind: "provider_id", provider: body.provider }, (actor, audit) =>
      mapPriceId(db, body, actor, audit),
    );
  };

  const routeRules: Handler<"listRouteRules"> = async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(ok({ rules: (await listRouteRules(db)).map(ruleJson) }), 200);
  };

  const saveRule: Handler<"saveRouteRule"> = async (c) => {
    const rule = c.req.valid("json");
    const result = await saveRouteRule(db, rule, auditRouteRuleChange(staffOf(c)));
    if (result.status === "loop") return errorReply(c, "routeRuleLoop");
    if (result.status === "too_many") return errorReply(c, "routeRulesFull", { limit: result.limit });
    c.get("logger").info({ event: "route_rule_saved", ...rule }, "route rule saved");
    return c.json(ok({ rule: ruleJson(result.rule) }), 200);
  };

  const deleteRule: Handler<"deleteRouteRule"> = async (c) => {
    const { path } = c.req.valid("json");
    if (!(await deleteRouteRule(db, path, auditRouteRuleChange(staffOf(c))))) {
      return errorReply(c, "notFound", null, "no rule for this path");
    }
    c.get("logger").info({ event: "route_rule_deleted", path }, "route rule deleted");
    return c.json(ok({ path }), 200);
  };

  return {
    getCatalogue,
    addPlan: addPlanHandler,
    editPlan: editPlanHandler,
    visibility,
    defaultPlan,
    price,
    priceId,
    routeRules,
    saveRule,
    deleteRule,
  };
}
