import type { RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  readPromotionConfig,
  withoutEndedPromotions,
  writePromotionConfig,
} from "../../../core/config/promotion-store";
import {
  deleteRouteRule,
  findRuleRedirect,
  listRouteRules,
  saveRouteRule,
} from "../../../core/config/route-rule-store";
import type { AppDeps, AppEnv } from "../../context";
import { errorReply, ok } from "../envelope";
import type * as routes from "./config.routes";

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;
type ConfigDeps = Pick<AppDeps, "database">;

/** Public reads may be cached briefly: the same window in which processes converge after a change. */
const PUBLIC_CACHE = "public, max-age=30";

function ruleJson(rule: { path: string; target: string; permanent: boolean; updatedAt: Date }) {
  return { path: rule.path, target: rule.target, permanent: rule.permanent, updated_at: rule.updatedAt.toISOString() };
}

/** Promotions and route rules: thin handlers over core/config's stores. */
export function configHandlers(deps: ConfigDeps) {
  const db = deps.database.db;

  const readPromotions = (c: Context<AppEnv>) =>
    readPromotionConfig(db, (error) =>
      c.get("logger").error({ issues: error.issues }, "stored promotion config no longer valid: serving none"),
    );

  const publicPromotions: Handler<"publicPromotions"> = async (c) => {
    const config = withoutEndedPromotions(await readPromotions(c), new Date());
    c.header("Cache-Control", PUBLIC_CACHE);
    return c.json(ok(config), 200);
  };

  const publicRouteRule: Handler<"publicRouteRule"> = async (c) => {
    const requested = c.req.valid("query").path;
    const queryAt = requested.indexOf("?");
    const pathname = queryAt < 0 ? requested : requested.slice(0, queryAt);
    const search = queryAt < 0 ? "" : requested.slice(queryAt);
    const found = await findRuleRedirect(db, pathname, search);
    c.header("Cache-Control", PUBLIC_CACHE);
    return c.json(ok({ redirect: found?.location ?? null, permanent: found?.permanent ?? false }), 200);
  };

  const operatorGetPromotions: Handler<"operatorGetPromotions"> = async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(ok(await readPromotions(c)), 200);
  };

  const operatorPutPromotions: Handler<"operatorPutPromotions"> = async (c) => {
    const stored = await writePromotionConfig(db, c.req.valid("json"));
    c.get("logger").info(
      { event: "promotions_updated", promotions: stored.promotions.map((promotion) => promotion.id) },
      "promotion config replaced",
    );
    c.header("Cache-Control", "no-store");
    return c.json(ok(stored), 200);
  };

  const operatorListRouteRules: Handler<"operatorListRouteRules"> = async (c) => {
    const rules = await listRouteRules(db);
    c.header("Cache-Control", "no-store");
    return c.json(ok({ rules: rules.map(ruleJson) }), 200);
  };

  const operatorPutRouteRule: Handler<"operatorPutRouteRule"> = async (c) => {
    const rule = c.req.valid("json");
    const result = await saveRouteRule(db, rule);
    if (result.status === "loop") {
      return errorReply(c, "validation", {
        fields: { target: "would make a redirect loop with the existing rules" },
      });
    }
    if (result.status === "too_many") {
      return errorReply(c, "validation", { fields: { path: `at most ${result.limit} rules: delete some first` } });
    }
    c.get("logger").info({ event: "route_rule_saved", ...rule }, "route rule saved");
    return c.json(ok(ruleJson(result.rule)), 200);
  };

  const operatorDeleteRouteRule: Handler<"operatorDeleteRouteRule"> = async (c) => {
    const { path } = c.req.valid("query");
    if (!(await deleteRouteRule(db, path))) {
      return errorReply(c, "notFound", null, "no rule for this path");
    }
    c.get("logger").info({ event: "route_rule_deleted", path }, "route rule deleted");
    return c.json(ok({ path }), 200);
  };

  return {
    publicPromotions,
    publicRouteRule,
    operatorGetPromotions,
    operatorPutPromotions,
    operatorListRouteRules,
    operatorPutRouteRule,
    operatorDeleteRouteRule,
  };
}
