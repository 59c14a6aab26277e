import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { routeRules } from "../../db/schema";
import { splitLocale } from "../../universal/i18n/locales";
import { type ExpiringSnapshot, expiringSnapshot } from "./expiring-snapshot";
import { MAX_ROUTE_RULES, type RouteRule, redirectLocation, wouldLoop } from "./route-rules";

export const ROUTE_RULE_CACHE_TTL_MS = 30_000;

export type StoredRouteRule = RouteRule & { updatedAt: Date };

export async function listRouteRules(db: Database | Transaction): Promise<StoredRouteRule[]> {
  return db
    .select({
      path: routeRules.path,
      target: routeRules.target,
      permanent: routeRules.permanent,
      updatedAt: routeRules.updatedAt,
    })
    .from(routeRules)
    .orderBy(asc(routeRules.path));
}

export type SaveRuleResult =
  | { status: "saved"; rule: StoredRouteRule }
  | { status: "loop" }
  | { status: "too_many"; limit: number };

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/**
 * Called in the change's transaction with the rule before (null: none) and after (null: deleted),
 * so that a caller's own record (the console's staff audit) is written with the change or not at all.
 */
export type RouteRuleChangeHook = (
  tx: Transaction,
  change: { path: string; before: RouteRule | null; after: RouteRule | null },
) => Promise<void>;

const ruleOnly = (rule: RouteRule | undefined): RouteRule | null =>
  rule ? { path: rule.path, target: rule.target, permanent: rule.permanent } : null;

/** Inserts or replaces the rule of a path (already validated with routeRuleSchema). */
export async function saveRouteRule(
  db: Database,
  rule: RouteRule,
  onChange?: RouteRuleChangeHook,
): Promise<SaveRuleResult> {
  const result = await db.transaction(async (tx): Promise<SaveRuleResult> => {
    const existing = await listRouteRules(tx);
    if (wouldLoop(rule, new Map(existing.map((stored) => [stored.path, stored])))) return { status: "loop" };
    const before = existing.find((stored) => stored.path === rule.path);
    if (!before && existing.length >= MAX_ROUTE_RULES) {
      return { status: "too_many", limit: MAX_ROUTE_RULES };
    }
    const [saved] = await tx
      .insert(routeRules)
      .values(rule)
      .onConflictDoUpdate({
        target: routeRules.path,
        set: { target: rule.target, permanent: rule.permanent, updatedAt: sql`now()` },
      })
      .returning();
    await onChange?.(tx, { path: rule.path, before: ruleOnly(before), after: ruleOnly(saved) });
    return { status: "saved", rule: saved as StoredRouteRule };
  });
  routeRuleCache(db).invalidate();
  return result;
}

/** True when there was a rule to delete. */
export async function deleteRouteRule(db: Database, path: string, onChange?: RouteRuleChangeHook): Promise<boolean> {
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx.delete(routeRules).where(eq(routeRules.path, path)).returning();
    const [before] = rows;
    if (before) await onChange?.(tx, { path, before: ruleOnly(before), after: null });
    return rows.length > 0;
  });
  routeRuleCache(db).invalidate();
  return deleted;
}

export interface RuleRedirect {
  location: string;
  permanent: boolean;
}

/**
 * The rules of one database, cached in this process: page requests and the public lookup read
 * the table at most once per 30 s; a change through this process is seen at once.
 */
const caches = new WeakMap<Database, ExpiringSnapshot<ReadonlyMap<string, RouteRule>>>();
export function routeRuleCache(db: Database) {
  let cache = caches.get(db);
  if (!cache) {
    cache = expiringSnapshot(
      async () => new Map((await listRouteRules(db)).map((rule) => [rule.path, rule] as const)),
      { ttlMs: ROUTE_RULE_CACHE_TTL_MS },
    );
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The redirect for a request path ("/de/black-friday" uses the rule of "/black-friday"), or null.
 * `search` ("?a=1") is kept for site targets.
 */
export async function findRuleRedirect(db: Database, pathname: string, search = ""): Promise<RuleRedirect | null> {
  const { locale, rest } = splitLocale(pathname);
  const rule = (await routeRuleCache(db).get()).get(rest);
  if (!rule) return null;
  return { location: redirectLocation(rule.target, locale, search), permanent: rule.permanent };
}

/**
 * Whether the path surely has no rule, answered without waiting: true only while the cached rules
 * are fresh and name no rule for it. (The static-page fast path serves only then.)
 */
export function surelyNoRuleRedirect(db: Database, pathname: string): boolean {
  const rules = routeRuleCache(db).peek();
  return rules !== undefined && !rules.has(splitLocale(pathname).rest);
}
