import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sandboxProcessor } from "../../core/billing/providers/sandbox";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { GeoRecord } from "../../core/geo/geo-database";
import type { DatabaseHandle } from "../../db/client";
import { orders } from "../../db/schema";
import type { PageLoadContext } from "../../server/context";
import type { VisitorPlans } from "../../universal/billing/plan-item";
import { apiClient } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

const P = "/api/mms/payment/v1/providers";
const GERMAN_ADDRESS = "193.99.144.80";
const AMERICAN_ADDRESS = "8.8.8.8";

/**
 * Operator-set currencies and ways to pay (decision 048), through the real configuration: the
 * operator maps s1 and so to Stripe and pd to Paddle (the sandbox stands in for both here), takes
 * pd in dollars and pounds only and so from the United States only.
 */
const ENV = {
  TRUST_PROXY: "loopback",
  PAYMENT_PROVIDERS: "s1=stripe,pd=paddle,so=stripe",
  PAYMENT_PROVIDER_CURRENCIES: "pd=USD/GBP",
  PAYMENT_PROVIDER_COUNTRIES: "so=US",
};

describe.each(testDatabaseTargets())("currencies and ways to pay on $name", (target) => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    const sandbox = sandboxProcessor(database.db, { secret: "sandbox-test-secret", origin: "" });
    // The server's own lookup, without loading the real geo databases.
    const geo = async () => ({
      lookup: (address: string) =>
        ({ countryCode: { [GERMAN_ADDRESS]: "DE", [AMERICAN_ADDRESS]: "US" }[address] ?? "" }) as GeoRecord,
    });
    // A page handler that answers what its loader would get.
    const pageHandler = async (request: Request, context: PageLoadContext) =>
      Response.json(await context.plans?.(request));
    app = createTestApp(database, { env: ENV, deps: { captcha: noCaptchaVerifier(), sandbox, geo, pageHandler } });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  const from = (address: string) => ({ "x-forwarded-for": address });
  const buyer = async (address: string) => {
    const signup = await call("POST", "/api/mms/account/v1/web/anonymous_signup", {
      appType: "101",
      body: { email: `buyer-${address}@example.com`, recasign: "t" },
      headers: from(address),
    });
    return String(signup.body.data?.token);
  };
  const start = (token: string, path: string, currency: string, address = GERMAN_ADDRESS) =>
    call("POST", `${P}/${path}`, {
      appType: "101",
      token,
      headers: from(address),
      body: { plan_id: "1-year", currency, recasign: "t", client_info: { front_id: "f1", language: "de" } },
    });

  it("prices a German visitor in euros, with the € symbol", async () => {
    const plans = await call("GET", `${P}/plans`, { headers: from(GERMAN_ADDRESS) });
    expect(plans.body.data).toMatchObject({ currency: "EUR", discount_percent: "73%" });
    const items = plans.body.data?.plans as Array<Record<string, unknown>>;
    expect(items.find((plan) => plan.id === "1-year")).toMatchObject({
      currency: "EUR",
      currencySymbol: "€",
      price_amount: 44.28,
      money: "44.28",
    });
  });

  it("lists exactly the mapped codes, in the operator's order, with where each can be used", async () => {
    const params = await call("GET", `${P}/common/params`);
    const providers = params.body.data?.providers as Array<Record<string, unknown>>;
    expect(
      providers.map(({ code, kind, processor, currencies, countries }) => ({
        code,
        kind,
        processor,
        currencies,
        countries,
      })),
    ).toEqual([
      { code: "s1", kind: "stripe", processor: "sandbox", currencies: null, countries: null },
      { code: "pd", kind: "paddle", processor: "sandbox", currencies: ["USD", "GBP"], countries: null },
      { code: "so", kind: "stripe", processor: "sandbox", currencies: null, countries: ["US"] },
    ]);
    // A code the operator did not map is not offered.
    const token = await buyer(GERMAN_ADDRESS);
    const unmapped = await start(token, "ps/purchase", "EUR");
    expect([unmapped.status, unmapped.body.code]).toEqual([400, 40120]);
  });

  it("sells a German buyer a plan in euros through the sandbox: pay, VIP, the order in EUR", async () => {
    const token = await buyer(GERMAN_ADDRESS);
    const started = await start(token, "s1/create_subscription", "EUR");
    expect(started.status).toBe(200);
    const order = started.body.data?.value as { order_id: string; web_url: string };
    const pay = await app.request(order.web_url, {
      method: "POST",
      body: new URLSearchParams({ card: "4242 4242 4242 4242" }),
    });
    expect(pay.headers.get("location")).toBe(`/de/paystatus?order=${order.order_id}&provider=s1`);
    const result = await call("POST", `${P}/s1/purchase_result`, {
      appType: "101",
      token,
      body: { order_id: order.order_id },
    });
    expect(result.body.data?.value).toMatchObject({
      status: "active",
      success: true,
      currency: "EUR",
      amount_minor: 4428,
    });
    const [stored] = await database.db.select().from(orders).where(eq(orders.id, order.order_id));
    expect(stored).toMatchObject({ currency: "EUR", amount: 4428, country: "DE", provider: "s1" });
    const profile = await call("GET", "/api/mms/account/v1/web/profile", { appType: "101", token });
    expect(profile.body.data?.vip).toMatchObject({ is_vip: true });
  });

  it("refuses a way to pay that does not take the buyer's currency or country before any order exists", async () => {
    const token = await buyer(GERMAN_ADDRESS);
    const euros = await start(token, "common/pd/prepurchase", "EUR");
    expect([euros.status, euros.body.code, euros.body.data]).toEqual([400, 40230, { currency: "EUR" }]);
    const germany = await start(token, "so/purchase", "EUR");
    expect([germany.status, germany.body.code]).toEqual([400, 40231]);
    expect(await database.db.select().from(orders)).toEqual([]);
    // The same ways to pay take what they can: pounds through pd, an American buyer through so.
    expect((await start(token, "common/pd/prepurchase", "GBP")).status).toBe(200);
    const american = await buyer(AMERICAN_ADDRESS);
    expect((await start(american, "so/purchase", "USD", AMERICAN_ADDRESS)).status).toBe(200);
  });

  it("tells a page the ways to pay its visitor can use in the currency shown", async () => {
    const page = async (path: string, address: string) =>
      (await (await app.request(path, { headers: from(address) })).json()) as VisitorPlans;
    expect(await page("/de/pricing", GERMAN_ADDRESS)).toMatchObject({
      currency: "EUR",
      methods: [{ code: "s1", kind: "stripe" }],
    });
    expect(await page("/pricing", AMERICAN_ADDRESS)).toMatchObject({
      currency: "USD",
      methods: [
        { code: "s1", kind: "stripe" },
        { code: "pd", kind: "paddle" },
        { code: "so", kind: "stripe" },
      ],
    });
    expect((await page("/pricing?currency=GBP", GERMAN_ADDRESS)).methods).toEqual([
      { code: "s1", kind: "stripe" },
      { code: "pd", kind: "paddle" },
    ]);
  });
});
