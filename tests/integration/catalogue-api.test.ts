import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eventMismatch } from "../../core/billing/event-checks";
import { sandboxProcessor } from "../../core/billing/providers/sandbox";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { DatabaseHandle } from "../../db/client";
import { catalogueChanges, orders } from "../../db/schema";
import { apiClient } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

const C = "/api/operator/v1/catalogue";
const PLANS = "/api/mms/payment/v1/providers/plans";
const TOKEN = "operator-token-for-tests-0123456789abcdef";

/** What the catalogue calls answer: a plan, the catalogue, or the fields of bad input. */
type Data = {
  plan?: Record<string, unknown>;
  plans?: Array<Record<string, unknown>>;
  changes?: Array<{ action: string }>;
  fields?: Record<string, string>;
};
type Answer = { status: number; body: { code: number; message: string; data: Data | null } };

describe.each(testDatabaseTargets())("the operator's catalogue on $name", (target) => {
  let database: DatabaseHandle;

  beforeEach(async () => {
    database = await target.open();
  });
  afterEach(async () => database.close());

  /** The app with the operator token (and any other settings), and a caller for it. */
  function operatorApp(env: Record<string, string> = {}) {
    const sandbox = sandboxProcessor(database.db, { secret: "sandbox-test-secret", origin: "" });
    const app = createTestApp(database, {
      env: { OPERATOR_TOKEN: TOKEN, ...env },
      deps: { captcha: noCaptchaVerifier(), sandbox },
    });
    const send = async (
      method: "GET" | "PUT" | "POST" | "PATCH",
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ): Promise<Answer> => {
      const response = await app.request(path, {
        method,
        headers: {
          authorization: `Bearer ${TOKEN}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    };
    const publicPlans = async (query = "currency=USD") =>
      (await apiClient(app)("GET", `${PLANS}?${query}`)).body.data as {
        plans: Array<Record<string, unknown>>;
        discount_percent: string;
        currency: string;
      };
    return { app, send, publicPlans };
  }

  const price = (plan: string, list: number, sale: number, currency = "USD") => ({
    plan_id: plan,
    currency,
    list_amount: list,
    sale_amount: sale,
  });

  it("starts empty, adds a plan that sells once priced, and audits each change with who made it", async () => {
    const { send, publicPlans } = operatorApp();
    expect((await send("GET", C)).body.data).toMatchObject({ plans: [], changes: [], discount_floor_percent: 59 });
    expect(await publicPlans()).toMatchObject({ plans: [], discount_percent: "0%" });

    const added = await send(
      "POST",
      `${C}/plans`,
      { id: "1-month", months: 1, device_limit: 5 },
      { "x-operator-name": "cli" },
    );
    expect(added.status).toBe(200);
    // The first visible plan is the default, so the checkout has one to preselect.
    expect(added.body.data?.plan).toMatchObject({ id: "1-month", visible: true, is_default: true, prices: [] });
    // Without ip_limit a plan lets its subscribers bind one IP address (decision 045).
    expect(added.body.data?.plan).toMatchObject({ ip_limit: 1 });
    expect((await publicPlans()).plans).toEqual([]);

    expect((await send("PUT", `${C}/prices`, price("1-month", 999, 999))).status).toBe(200);
    const listed = await publicPlans();
    expect(listed.plans).toEqual([expect.objectContaining({ id: "1-month", price_amount: 9.99, is_default: true })]);
    // Not discounted: no saving, whatever the floor.
    expect(listed).toMatchObject({ discount_percent: "0%" });
    expect(listed.plans[0]).toMatchObject({ discount_percent: "0%", price_deduction_amount: 0 });

    const changes = await database.db.select().from(catalogueChanges).orderBy(catalogueChanges.id);
    expect(changes.map((change) => [change.action, change.actor, change.planId])).toEqual([
      ["add-plan", "cli", "1-month"],
      ["set-price", "operator-api", "1-month"],
    ]);
    expect(changes[0]?.before).toBeNull();
    expect(changes[1]?.before).toMatchObject({ prices: [] });
    expect(changes[1]?.after).toMatchObject({ prices: [{ currency: "USD", list_amount: 999, sale_amount: 999 }] });
    const history = (await send("GET", C)).body.data?.changes as Array<{ action: string }>;
    expect(history.map((change) => change.action)).toEqual(["set-price", "add-plan"]);
  });

  it("takes a plan's IP address limit (decision 045)", async () => {
    const { send } = operatorApp();
    const roomy = await send("POST", `${C}/plans`, { id: "1-year", months: 12, device_limit: 8, ip_limit: 3 });
    expect(roomy.body.data?.plan).toMatchObject({ id: "1-year", ip_limit: 3 });
    const refused = await send("POST", `${C}/plans`, { id: "2-years", months: 24, device_limit: 8, ip_limit: 0 });
    expect(refused.status).toBe(400);
  });

  it("shows a visitor whose currency has no prices the plans in one that has, never 'not for sale'", async () => {
    const { send, publicPlans } = operatorApp();
    await send("POST", `${C}/plans`, { id: "1-month", months: 1, device_limit: 5 });
    await send("PUT", `${C}/prices`, price("1-month", 899, 899, "GBP"));
    expect(await publicPlans("currency=CAD")).toMatchObject({
      currency: "GBP",
      plans: [{ id: "1-month", money: "8.99" }],
    });
    await send("PUT", `${C}/prices`, price("1-month", 999, 999));
    expect(await publicPlans("country=DE")).toMatchObject({ currency: "USD", plans: [{ money: "9.99" }] });
    expect(await publicPlans("country=GB")).toMatchObject({ currency: "GBP" });
  });

  it.each([
    ["a sale price above the list price", "prices", price("p", 999, 1000), "sale_amount"],
    ["a currency outside content/currencies.ts", "prices", price("p", 999, 999, "JPY"), "currency"],
    ["an amount in major units", "prices", { ...price("p", 999, 999), list_amount: 9.99 }, "list_amount"],
    ["a zero price", "prices", price("p", 0, 0), "list_amount"],
    ["a trial above the sale price", "prices", { ...price("p", 999, 999), trial_amount: 1000 }, "trial_amount"],
    ["an id that is not slug-like", "plans", { id: "Two Years!", months: 24, device_limit: 5 }, "id"],
    ["zero months", "plans", { id: "p", months: 0, device_limit: 5 }, "months"],
    ["an unknown provider code", "price_ids", { plan_id: "p", provider: "xx", price_id: "price_1" }, "provider"],
    ["a price id with spaces", "price_ids", { plan_id: "p", provider: "s1", price_id: "price 1" }, "price_id"],
  ])("refuses %s with 40000 naming the field", async (_, path, body, field) => {
    const { send } = operatorApp();
    const answer = await send(path === "plans" ? "POST" : "PUT", `${C}/${path}`, body);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(40000);
    expect(Object.keys(answer.body.data?.fields ?? {})).toContain(field);
    expect(await database.db.select().from(catalogueChanges)).toEqual([]);
  });

  it("answers an unknown plan, a taken id and the default-plan rules with their own codes", async () => {
    const { send } = operatorApp();
    expect((await send("PUT", `${C}/prices`, price("nope", 999, 999))).body.code).toBe(40400);
    await send("POST", `${C}/plans`, { id: "1-month", months: 1, device_limit: 5 });
    await send("POST", `${C}/plans`, { id: "1-year", months: 12, device_limit: 8, sort_order: -1 });
    const taken = await send("POST", `${C}/plans`, { id: "1-month", months: 1, device_limit: 5 });
    expect([taken.status, taken.body.code]).toEqual([409, 40900]);

    // 1-month is the default: it cannot be hidden while 1-year is for sale.
    const hideDefault = await send("PUT", `${C}/plans/1-month/visibility`, { visible: false });
    expect([hideDefault.status, hideDefault.body.code]).toEqual([409, 40901]);
    expect((await send("PUT", `${C}/default_plan`, { plan_id: "1-year" })).body.data?.plan).toMatchObject({
      is_default: true,
    });
    expect((await send("PUT", `${C}/plans/1-month/visibility`, { visible: false })).status).toBe(200);
    const hiddenDefault = await send("PUT", `${C}/default_plan`, { plan_id: "1-month" });
    expect([hiddenDefault.status, hiddenDefault.body.code]).toEqual([409, 40902]);

    const plans = (await send("GET", C)).body.data?.plans as Array<{
      id: string;
      visible: boolean;
      is_default: boolean;
    }>;
    expect(plans.map(({ id, visible, is_default }) => [id, visible, is_default])).toEqual([
      ["1-year", true, true],
      ["1-month", false, false],
    ]);
    const badName = await send("PUT", `${C}/default_plan`, { plan_id: "1-year" }, { "x-operator-name": "<script>" });
    expect(badName.body.code).toBe(40000);
  });

  it("hides a plan from the public list, lists it with its price ids for the operator, and shows it again", async () => {
    const { send, publicPlans } = operatorApp();
    await send("POST", `${C}/plans`, { id: "1-month", months: 1, device_limit: 5 });
    await send("POST", `${C}/plans`, { id: "1-year", months: 12, device_limit: 8 });
    await send("PUT", `${C}/prices`, price("1-month", 999, 999));
    await send("PUT", `${C}/prices`, price("1-year", 11988, 5988));
    await send("PUT", `${C}/price_ids`, { plan_id: "1-year", provider: "s1", price_id: "price_123" });
    await send("PUT", `${C}/price_ids`, { plan_id: "1-year", provider: "pd", price_id: "pri_456" });
    await send("PUT", `${C}/price_ids`, { plan_id: "1-year", provider: "pd", price_id: null });

    expect((await send("PUT", `${C}/plans/1-year/visibility`, { visible: false })).status).toBe(200);
    expect((await publicPlans()).plans.map((plan) => plan.id)).toEqual(["1-month"]);
    const operatorView = (await send("GET", C)).body.data?.plans as Array<Record<string, unknown>>;
    expect(operatorView.find((plan) => plan.id === "1-year")).toMatchObject({
      visible: false,
      price_ids: { s1: "price_123" },
      prices: [{ currency: "USD", list_amount: 11988, sale_amount: 5988, trial_amount: null, saving_percent: 50 }],
    });

    await send("PUT", `${C}/plans/1-year/visibility`, { visible: true });
    expect((await publicPlans()).plans.map((plan) => plan.id)).toEqual(["1-month", "1-year"]);
  });

  it.each([
    ["floor on (59)", "59%", {}],
    ["floor off (DISCOUNT_FLOOR_PERCENT=0)", "10%", { DISCOUNT_FLOOR_PERCENT: "0" }],
    ["floor off (DISCOUNT_FLOOR_PERCENT=off)", "10%", { DISCOUNT_FLOOR_PERCENT: "off" }],
  ])("one plan discounted 10%%, %s: the badge says %s", async (_, badge, env) => {
    const { send, publicPlans } = operatorApp(env);
    await send("POST", `${C}/plans`, { id: "1-month", months: 1, device_limit: 5 });
    await send("POST", `${C}/plans`, { id: "1-year", months: 12, device_limit: 5 });
    await send("PUT", `${C}/prices`, price("1-month", 1000, 1000));
    await send("PUT", `${C}/prices`, price("1-year", 12000, 10800));
    const listed = await publicPlans();
    expect(listed.discount_percent).toBe(badge);
    expect(listed.plans.map((plan) => plan.discount_percent)).toEqual(["0%", "10%"]);
  });

  it("applies a new price to new purchases only: an order and its renewals keep the price they were made at", async () => {
    await seedDemoData(database.db, { withDemoUser: false });
    const { app, send } = operatorApp();
    const call = apiClient(app);
    const signup = await call("POST", "/api/mms/account/v1/web/anonymous_signup", {
      appType: "101",
      body: { email: "buyer@example.com", recasign: "t" },
    });
    const token = String(signup.body.data?.token);
    const buy = async () => {
      const started = await call("POST", "/api/mms/payment/v1/providers/ps/purchase", {
        appType: "101",
        token,
        body: { plan_id: "1-year", currency: "USD", recasign: "t" },
      });
      const orderId = (started.body.data?.value as { order_id: string } | undefined)?.order_id ?? "";
      const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
      return order!;
    };
    const before = await buy();
    expect(before.amount).toBe(4788);

    expect((await send("PUT", `${C}/prices`, price("1-year", 15588, 5988))).status).toBe(200);
    const after = await buy();
    expect(after.amount).toBe(5988);
    const [kept] = await database.db.select().from(orders).where(eq(orders.id, before.id));
    expect(kept?.amount).toBe(4788);
    // A renewal charge of the first order, at its own price, still applies to it.
    const renewal = {
      environment: "sandbox" as const,
      event: { type: "payment_succeeded" as const },
      charge: { amountMinor: 4788, currency: "USD", planId: "1-year" },
    };
    expect(eventMismatch(kept!, kept!.processor, renewal as never)).toBeNull();
  });

  it("edits a plan's terms with the token; once bought, its months stay and its limits only go up", async () => {
    await seedDemoData(database.db, { withDemoUser: false });
    const { send } = operatorApp();
    const edited = await send(
      "PATCH",
      `${C}/plans/1-year`,
      { device_limit: 9, sort_order: 5 },
      { "x-operator-name": "ops" },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data?.plan).toMatchObject({ id: "1-year", device_limit: 9, sort_order: 5, months: 12 });
    expect((await send("PATCH", `${C}/plans/1-year`, { colour: "red" })).status).toBe(400);
    expect((await send("PATCH", `${C}/plans/nope`, { sort_order: 1 })).status).toBe(404);
    const [change] = await database.db.select().from(catalogueChanges).where(eq(catalogueChanges.action, "edit-plan"));
    expect(change).toMatchObject({ actor: "ops", planId: "1-year" });

    await database.db.insert(orders).values({
      id: "order-bought",
      planId: "1-year",
      provider: "ps",
      processor: "sandbox",
      currency: "USD",
      amount: 4788,
      status: "pending",
    });
    const months = await send("PATCH", `${C}/plans/1-year`, { months: 6 });
    expect([months.status, months.body.code, months.body.data]).toEqual([409, 40280, { field: "months" }]);
    expect((await send("PATCH", `${C}/plans/1-year`, { device_limit: 20 })).status).toBe(200);
  });

  it("guards every catalogue call with the operator token and documents them", async () => {
    const { app } = operatorApp();
    expect((await app.request(C)).status).toBe(401);
    const put = await app.request(`${C}/prices`, {
      method: "PUT",
      headers: { authorization: "Bearer wrong", "content-type": "application/json" },
      body: JSON.stringify(price("p", 1, 1)),
    });
    expect(put.status).toBe(401);
    const off = createTestApp(database);
    expect((await off.request(C, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(503);

    const spec = (await (await app.request("/api/openapi.json")).json()) as { paths: Record<string, object> };
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        C,
        `${C}/prices`,
        `${C}/plans`,
        `${C}/plans/{plan_id}`,
        `${C}/plans/{plan_id}/visibility`,
        `${C}/default_plan`,
        `${C}/price_ids`,
      ]),
    );
  });
});
