import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sandboxProcessor } from "../../core/billing/providers/sandbox";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { DatabaseHandle } from "../../db/client";
import { catalogueChanges, orders, routeRules, staffAudit } from "../../db/schema";
import { apiClient, signUpBuyer } from "../helpers/api-client";
import { consoleStaff } from "../helpers/console-staff";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// The console's plans, prices, provider price ids and route rules (decision 056): owners and
// marketing change them through the operator API's own functions, each change in the staff audit
// log with before and after and in the catalogue's log; a price reaches new purchases only; a sold
// plan keeps its months and limits; support gets the console's 403.
const TOKEN = "operator-token-for-tests-0123456789abcdef";
const _C = "/api/mms/console/v1/web";

type Plan = {
  id: string;
  months: number;
  device_limit: number;
  visible: boolean;
  is_default: boolean;
  sort_order: number;
  prices: Array<{ currency: string; list_amount: number; sale_amount: number }>;
  price_ids: Record<string, string>;
};

describe.each(testDatabaseTargets())("console catalogue on $name", (target) => {
  let database: DatabaseHandle;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    const sandbox = sandboxProcessor(database.db, { secret: "sandbox-test-secret", origin: "" });
    const app = createTestApp(database, {
      env: { OPERATOR_TOKEN: TOKEN, PUBLIC_ORIGIN: "https://vpn.example" },
      deps: { captcha: noCaptchaVerifier(), sandbox },
    });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  const { userIdOf, get, post, owner, member } = consoleStaff(() => ({ db: database.db, call }), TOKEN);
  const auditOf = async (prefix: string) =>
    (await database.db.select().from(staffAudit).orderBy(asc(staffAudit.id))).filter((row) =>
      row.action.startsWith(prefix),
    );
  const planOf = (answer: { body: { data: Record<string, unknown> | null } }) => answer.body.data?.plan as Plan;

  it("lets marketing add, edit, price, map and hide a plan, each change audited with before and after", async () => {
    const ownerToken = await owner();
    const marketing = await member(ownerToken, "ads@example.com", "marketing");
    const marketingId = await userIdOf("ads@example.com");

    const listed = await get(marketing, "/catalogue");
    expect(listed.status).toBe(200);
    const shelf = listed.body.data as { plans: Plan[]; currencies: string[]; providers: Array<{ code: string }> };
    expect(shelf.plans.map((plan) => plan.id)).toContain("1-year");
    expect(shelf.currencies).toEqual(expect.arrayContaining(["USD", "EUR"]));
    expect(shelf.providers.map((provider) => provider.code)).toContain("s1");

    const added = await post(marketing, "/catalogue/plans", {
      id: "two-year-deal",
      months: 24,
      device_limit: 8,
      visible: false,
    });
    expect(added.status).toBe(200);
    expect(planOf(added)).toMatchObject({
      id: "two-year-deal",
      months: 24,
      visible: false,
      is_default: false,
      prices: [],
    });
    expect(
      (await post(marketing, "/catalogue/plans", { id: "two-year-deal", months: 24, device_limit: 8 })).body.code,
    ).toBe(40900);

    const edited = await post(marketing, "/catalogue/plans/edit", {
      plan_id: "two-year-deal",
      months: 18,
      device_limit: 6,
      sort_order: 7,
    });
    expect(planOf(edited)).toMatchObject({ months: 18, device_limit: 6, sort_order: 7 });

    const priced = await post(marketing, "/catalogue/prices", {
      plan_id: "two-year-deal",
      currency: "EUR",
      list_amount: 20000,
      sale_amount: 9900,
    });
    expect(planOf(priced).prices).toEqual([expect.objectContaining({ currency: "EUR", sale_amount: 9900 })]);
    const badPrice = await post(marketing, "/catalogue/prices", {
      plan_id: "two-year-deal",
      currency: "EUR",
      list_amount: 100,
      sale_amount: 200,
    });
    expect(badPrice.status).toBe(400);

    const mapped = await post(marketing, "/catalogue/price_ids", {
      plan_id: "two-year-deal",
      provider: "s1",
      price_id: "price_2y_eur",
    });
    expect(planOf(mapped).price_ids).toEqual({ s1: "price_2y_eur" });
    const shown = await post(marketing, "/catalogue/plans/visibility", { plan_id: "two-year-deal", visible: true });
    expect(planOf(shown).visible).toBe(true);
    const madeDefault = await post(marketing, "/catalogue/plans/default", { plan_id: "two-year-deal" });
    expect(planOf(madeDefault).is_default).toBe(true);
    // The default cannot be hidden while other plans sell; an unknown plan is 404.
    expect(
      (await post(marketing, "/catalogue/plans/visibility", { plan_id: "two-year-deal", visible: false })).body.code,
    ).toBe(40901);
    expect((await post(marketing, "/catalogue/plans/edit", { plan_id: "nope", sort_order: 1 })).status).toBe(404);

    const audit = await auditOf("catalogue.");
    expect(audit.map((row) => row.action)).toEqual([
      "catalogue.plan",
      "catalogue.plan",
      "catalogue.price",
      "catalogue.provider_id",
      "catalogue.plan",
      "catalogue.plan",
    ]);
    expect(audit.every((row) => row.actorKind === "staff" && row.actorUserId === marketingId)).toBe(true);
    expect(audit.every((row) => row.target === "plan:two-year-deal")).toBe(true);
    expect(audit[0]).toMatchObject({ before: null, after: expect.objectContaining({ months: 24, visible: false }) });
    expect(audit[1]).toMatchObject({
      before: expect.objectContaining({ months: 24, device_limit: 8, sort_order: 0 }),
      after: expect.objectContaining({ months: 18, device_limit: 6, sort_order: 7 }),
    });
    expect(audit[2]).toMatchObject({
      before: null,
      after: { currency: "EUR", list_amount: 20000, sale_amount: 9900, trial_amount: null },
    });
    expect(audit[3]).toMatchObject({
      before: { provider: "s1", price_id: null },
      after: { provider: "s1", price_id: "price_2y_eur" },
    });
    expect(audit[4]).toMatchObject({ before: { visible: false }, after: { visible: true } });
    // The catalogue's own log has the same changes, named after the staff member.
    const changes = await database.db.select().from(catalogueChanges).orderBy(asc(catalogueChanges.id));
    expect(changes.map((row) => [row.actor, row.action])).toEqual([
      [`staff:${marketingId}`, "add-plan"],
      [`staff:${marketingId}`, "edit-plan"],
      [`staff:${marketingId}`, "set-price"],
      [`staff:${marketingId}`, "map-price-id"],
      [`staff:${marketingId}`, "show-plan"],
      [`staff:${marketingId}`, "set-default"],
    ]);
    // The owner's audit log shows them with the rest.
    const log = await get(ownerToken, "/audit?action=catalogue.price");
    expect(log.body.data?.entries).toEqual([expect.objectContaining({ action: "catalogue.price" })]);
  });

  it("applies a new price to new purchases only, and keeps a sold plan's months and limits", async () => {
    const ownerToken = await owner();
    const buyer = await signUpBuyer(call, "buyer@example.com");
    const buy = async () => {
      const started = await call("POST", "/api/mms/payment/v1/providers/ps/purchase", {
        appType: "101",
        token: buyer,
        body: { plan_id: "1-year", currency: "USD", recasign: "t" },
      });
      const orderId = (started.body.data?.value as { order_id: string } | undefined)?.order_id ?? "";
      const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
      return order;
    };
    const first = await buy();
    expect(first?.amount).toBe(4788);

    const repriced = await post(ownerToken, "/catalogue/prices", {
      plan_id: "1-year",
      currency: "USD",
      list_amount: 15588,
      sale_amount: 5988,
    });
    expect(repriced.status).toBe(200);
    const [priceRow] = await auditOf("catalogue.price");
    expect(priceRow).toMatchObject({
      before: expect.objectContaining({ currency: "USD", sale_amount: 4788 }),
      after: expect.objectContaining({ currency: "USD", sale_amount: 5988 }),
    });
    expect((await buy())?.amount).toBe(5988);
    const [kept] = await database.db
      .select()
      .from(orders)
      .where(eq(orders.id, first?.id ?? ""));
    expect(kept?.amount).toBe(4788);

    // Bought: the months stay and a limit does not go down (refused, nothing written); raising one is fine.
    const before = (await database.db.select().from(staffAudit)).length;
    const months = await post(ownerToken, "/catalogue/plans/edit", { plan_id: "1-year", months: 24 });
    expect(months.status).toBe(409);
    expect(months.body).toMatchObject({ code: 40280, data: { field: "months" } });
    const fewer = await post(ownerToken, "/catalogue/plans/edit", { plan_id: "1-year", device_limit: 1 });
    expect(fewer.body).toMatchObject({ code: 40280, data: { field: "device_limit" } });
    expect((await database.db.select().from(staffAudit)).length).toBe(before);
    const more = await post(ownerToken, "/catalogue/plans/edit", {
      plan_id: "1-year",
      device_limit: 50,
      sort_order: 3,
    });
    expect(planOf(more)).toMatchObject({ device_limit: 50, sort_order: 3 });
  });

  it("adds, edits and removes route rules with validation, each audited", async () => {
    const ownerToken = await owner();
    const marketing = await member(ownerToken, "ads@example.com", "marketing");

    const saved = await post(marketing, "/route_rules", { path: "/black-friday", target: "/pricing?from=bf" });
    expect(saved.status).toBe(200);
    expect(saved.body.data?.rule).toMatchObject({
      path: "/black-friday",
      target: "/pricing?from=bf",
      permanent: false,
    });
    const replaced = await post(marketing, "/route_rules", {
      path: "/black-friday",
      target: "https://shop.example/bf",
      permanent: true,
    });
    expect(replaced.status).toBe(200);
    // Validation: a language prefix, an API path, a http target; a loop has its own code.
    for (const bad of [
      { path: "/de/sale", target: "/pricing" },
      { path: "/api/x", target: "/pricing" },
      { path: "/sale", target: "http://evil.example/" },
    ]) {
      expect((await post(marketing, "/route_rules", bad)).status).toBe(400);
    }
    expect((await post(marketing, "/route_rules", { path: "/a", target: "/b" })).status).toBe(200);
    const loop = await post(marketing, "/route_rules", { path: "/b", target: "/a" });
    expect(loop.status).toBe(409);
    expect(loop.body.code).toBe(40281);

    const listed = await get(marketing, "/route_rules");
    const listedRules = (listed.body.data?.rules ?? []) as Array<{ path: string }>;
    expect(listedRules.map((rule) => rule.path)).toEqual(["/a", "/black-friday"]);
    expect((await post(marketing, "/route_rules/delete", { path: "/a" })).status).toBe(200);
    expect((await post(marketing, "/route_rules/delete", { path: "/a" })).status).toBe(404);
    expect((await database.db.select().from(routeRules)).map((rule) => rule.path)).toEqual(["/black-friday"]);

    const audit = await auditOf("route_rule.");
    expect(audit.map((row) => [row.action, row.target])).toEqual([
      ["route_rule.save", "route:/black-friday"],
      ["route_rule.save", "route:/black-friday"],
      ["route_rule.save", "route:/a"],
      ["route_rule.delete", "route:/a"],
    ]);
    expect(audit[1]).toMatchObject({
      before: { path: "/black-friday", target: "/pricing?from=bf", permanent: false },
      after: { path: "/black-friday", target: "https://shop.example/bf", permanent: true },
    });
    expect(audit[3]).toMatchObject({ before: { path: "/a", target: "/b" }, after: null });
    // The public lookup follows the change at once (the same process's cache was cleared).
    const lookup = await call("GET", "/api/mms/config/v1/route_rule?path=/fr/black-friday", { appType: "101" });
    expect(lookup.body.data).toEqual({ redirect: "https://shop.example/bf", permanent: true });
  });

  it("answers support and finance the console's 403 on every catalogue and route-rule call", async () => {
    const ownerToken = await owner();
    for (const [role, email] of [
      ["support", "help@example.com"],
      ["finance", "money@example.com"],
    ] as const) {
      const session = await member(ownerToken, email, role);
      for (const answer of [
        await get(session, "/catalogue"),
        await post(session, "/catalogue/plans", { id: "x", months: 1, device_limit: 1 }),
        await post(session, "/catalogue/prices", {
          plan_id: "1-year",
          currency: "USD",
          list_amount: 1,
          sale_amount: 1,
        }),
        await post(session, "/catalogue/price_ids", { plan_id: "1-year", provider: "s1", price_id: "p" }),
        await get(session, "/route_rules"),
        await post(session, "/route_rules", { path: "/x", target: "/pricing" }),
        await post(session, "/route_rules/delete", { path: "/x" }),
      ]) {
        expect(answer.status).toBe(403);
        expect(answer.body.code).toBe(40251);
      }
    }
    expect(await auditOf("catalogue.")).toEqual([]);
    expect((await database.db.select().from(routeRules)).length).toBe(0);
  });
});
