import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { orders, planProviderProducts } from "../../db/schema";
import { testDatabaseTargets } from "../../tests/helpers/test-databases";
import { createPasswordlessAccount } from "../auth/accounts";
import { writePromotionConfig } from "../config/promotion-store";
import { seedDemoData } from "../demo/seed";
import { listPlanItems } from "./catalogue";
import type { PaymentProcessor, PurchaseRequest } from "./providers/payment-provider";
import { createProcessors } from "./providers/processors";
import { type SandboxProcessor, sandboxProcessor } from "./providers/sandbox";
import { type StartPurchaseInput, startPurchase } from "./start-purchase";

const ORIGIN = "https://vpn.example.com";

describe.each(testDatabaseTargets())("startPurchase on $name", (target) => {
  let database: DatabaseHandle;
  let sandbox: SandboxProcessor;
  let userId: number;
  beforeAll(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    sandbox = sandboxProcessor(database.db, { secret: "test-secret", origin: ORIGIN });
    userId = (await createPasswordlessAccount(database.db, "buyer@example.com", "de"))!.id;
  });
  afterAll(async () => database.close());

  const input = (extra: Partial<StartPurchaseInput> = {}): StartPurchaseInput => ({
    userId,
    providerCode: "ps",
    planId: "1-year",
    currency: "GBP",
    clientInfo: { language: "de", front_id: "f1" },
    appType: 501,
    country: "DE",
    attribution: { affiliate_network: "net" },
    ...extra,
  });
  const deps = (payments = createProcessors({ mode: "sandbox", sandbox })) => ({
    db: database.db,
    payments,
    siteOrigin: ORIGIN,
  });
  const orderOf = async (orderId: string) => (await database.db.select().from(orders).where(eq(orders.id, orderId)))[0];
  const orderCount = async () => (await database.db.select({ id: orders.id }).from(orders)).length;

  it.each([
    ["before the window", "2026-11-26T23:59:00Z", 3828, null],
    ["in the window", "2026-11-28T12:00:00Z", 2999, "bf"],
    ["after the window", "2026-12-01T00:00:00Z", 3828, null],
  ])(
    "charges a promotion's sale price only in its window, by the injected clock (%s)",
    async (_label, now, amount, promotionId) => {
      await writePromotionConfig(database.db, {
        promotions: [
          {
            id: "bf",
            kind: "black-friday",
            startTime: "2026-11-27T00:00:00Z",
            endTime: "2026-12-01T00:00:00Z",
            sale: { kind: "prices", prices: [{ plan_id: "1-year", currency: "GBP", amount: 2999 }] },
          },
        ],
      });
      const clock = new Date(now);
      const shown = (await listPlanItems(database.db, "GBP", clock)).find((item) => item.id === "1-year");
      expect(shown?.price_amount).toBe(amount / 100);
      const result = await startPurchase({ ...deps(), now: () => clock }, input());
      if (result.outcome !== "started") throw new Error(`not started: ${result.outcome}`);
      expect(await orderOf(result.orderId)).toMatchObject({ amount, promotionId });
      await writePromotionConfig(database.db, { promotions: [] });
    },
  );

  it("creates the pending order at the plan's price and answers the sandbox's page to pay on", async () => {
    const result = await startPurchase(deps(), input());
    if (result.outcome !== "started") throw new Error(`not started: ${result.outcome}`);
    expect(result.webUrl).toBe(`${ORIGIN}/sandbox/checkout/${result.orderId}`);
    expect(result.planId).toBe("1-year");
    const order = await orderOf(result.orderId);
    expect(order).toMatchObject({
      userId,
      planId: "1-year",
      provider: "ps",
      processor: "sandbox",
      environment: "sandbox",
      status: "pending",
      currency: "GBP",
      amount: 3828,
      providerReference: `sandbox_${result.orderId}`,
      checkoutUrl: result.webUrl,
      attribution: { affiliate_network: "net" },
    });
    expect(JSON.parse(order?.clientInfo ?? "{}")).toEqual({
      language: "de",
      front_id: "f1",
      app_type: 501,
      site_origin: ORIGIN,
    });
    // The country of the address, never the address.
    expect(order?.country).toBe("DE");
  });

  it("sends the processor its product id, the buyer's e-mail and return addresses in the buyer's language", async () => {
    await database.db.insert(planProviderProducts).values({ planId: "1-month", provider: "s1", productId: "price_1m" });
    const requests: PurchaseRequest[] = [];
    const recording: PaymentProcessor = {
      ...sandbox,
      createPurchase: (request) => {
        requests.push(request);
        return sandbox.createPurchase(request);
      },
    };
    const result = await startPurchase(
      deps({ ...createProcessors({ mode: "sandbox", sandbox }), forCode: () => recording }),
      input({ providerCode: "s1", planId: "1-month", currency: "XYZ" }),
    );
    if (result.outcome !== "started") throw new Error(`not started: ${result.outcome}`);
    const query = `order=${result.orderId}&provider=s1`;
    expect(requests).toEqual([
      {
        productId: "price_1m",
        orderId: result.orderId,
        planId: "1-month",
        planName: "VPN subscription, 1 month",
        months: 1,
        // An unknown currency is priced in USD.
        amountMinor: 1299,
        currency: "USD",
        email: "buyer@example.com",
        returnUrl: `${ORIGIN}/de/paystatus?${query}`,
        cancelUrl: `${ORIGIN}/de/paystatus?${query}&left=1`,
      },
    ]);
  });

  it.each([
    ["a code no processor serves", "sandbox", { providerCode: "zz" }, "unavailable"],
    ["any code when payments are off", "off", {}, "unavailable"],
    ["gap, whose purchases start in the app", "sandbox", { providerCode: "gap" }, "in_app_only"],
    ["a plan not on sale", "sandbox", { planId: "10-years" }, "unknown_plan"],
  ] as const)("refuses %s and creates no order", async (_name, mode, extra, outcome) => {
    const before = await orderCount();
    const payments = createProcessors({ mode, ...(mode === "sandbox" ? { sandbox } : {}) });
    expect(await startPurchase(deps(payments), input(extra))).toEqual({ outcome });
    expect(await orderCount()).toBe(before);
  });

  it("marks the order failed when the processor refuses, and says why", async () => {
    const refusal = new Error("no such price");
    const refusing: PaymentProcessor = {
      ...sandbox,
      createPurchase: async () => {
        throw refusal;
      },
    };
    const result = await startPurchase(
      deps({ ...createProcessors({ mode: "sandbox", sandbox }), forCode: () => refusing }),
      input(),
    );
    if (result.outcome !== "refused") throw new Error(`not refused: ${result.outcome}`);
    expect(result.error).toBe(refusal);
    expect(await orderOf(result.orderId)).toMatchObject({
      status: "failed",
      providerReference: null,
      checkoutUrl: null,
    });
  });
});
