import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { DatabaseHandle } from "../../db/client";
import { orders, planPrices, planProviderProducts, webhookEvents } from "../../db/schema";
import { apiClient, signUpBuyer } from "../helpers/api-client";
import { LIVE_ENV, setUpProcessorFakes, stripeSigned } from "../helpers/processor-fakes";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// The operator mapped a Stripe price id to a plan (catalogue price_ids), in one currency. A buyer
// in another currency pays in the currency shown, at the amount shown, and the webhook grants:
// the mapped price when it has that currency (its own or a currency option, named on the session),
// else the order's price inline on the mapped price's product.
const P = "/api/mms/payment/v1/providers";
const HOOK = "/api/webhooks/stripe/production";
const fakes = setUpProcessorFakes();

describe.each(testDatabaseTargets())("Stripe with an operator's mapped price on $name", (target) => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    app = createTestApp(database, {
      env: LIVE_ENV,
      deps: { captcha: noCaptchaVerifier(), payments: fakes.livePayments() },
    });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  const priceOf = async (currency: string) => {
    const [row] = await database.db
      .select()
      .from(planPrices)
      .where(and(eq(planPrices.planId, "1-year"), eq(planPrices.currency, currency)));
    return Number(row?.saleAmount);
  };
  const mapPrice = (priceId: string) =>
    database.db.insert(planProviderProducts).values({ planId: "1-year", provider: "s1", productId: priceId });
  /** Buys the 1-year plan in a currency, pays on Stripe's page, delivers invoice.paid; answers what happened. */
  const buyAndPay = async (email: string, currency: string) => {
    const token = await signUpBuyer(call, email);
    const started = await call("POST", `${P}/s1/create_subscription`, {
      appType: "101",
      token,
      body: { plan_id: "1-year", currency, recasign: "t", client_info: { language: "de" } },
    });
    const orderId = String((started.body.data?.value as { order_id: string } | undefined)?.order_id);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    const session = fakes.stripe.requests.findLast((request) => request.path === "/v1/checkout/sessions")?.form;
    const { invoicePaid } = fakes.stripe.pay(String(order?.providerReference));
    const delivered = await app.request(HOOK, stripeSigned(invoicePaid));
    const profile = await call("GET", "/api/mms/account/v1/web/profile", { appType: "101", token });
    const events = await database.db.select().from(webhookEvents);
    return {
      order,
      session,
      invoice: (invoicePaid.data as { object: { currency: string; subtotal: number } }).object,
      status: delivered.status,
      vip: (profile.body.data?.vip as { is_vip?: boolean } | undefined)?.is_vip,
      rejected: events.map((event) => event.rejectedReason).filter(Boolean),
    };
  };

  it("a EUR buyer of a plan mapped to a USD-only price pays in EUR at the shown amount, and is granted", async () => {
    const usd = fakes.stripe.addPrice({ currency: "USD", unitAmount: await priceOf("USD"), months: 12 });
    await mapPrice(String(usd.id));
    const eur = await priceOf("EUR");
    const bought = await buyAndPay("eur-buyer@example.com", "EUR");
    expect(bought.order).toMatchObject({ currency: "EUR", amount: eur });
    // Inline, on the operator's product: no price in the wrong currency.
    expect(bought.session?.get("line_items[0][price]")).toBeNull();
    expect(bought.session?.get("line_items[0][price_data][currency]")).toBe("eur");
    expect(bought.session?.get("line_items[0][price_data][unit_amount]")).toBe(String(eur));
    expect(bought.session?.get("line_items[0][price_data][product]")).toBe(usd.product);
    expect(bought.invoice).toMatchObject({ currency: "eur", subtotal: eur });
    expect(bought.status).toBe(200);
    expect(bought.rejected).toEqual([]);
    expect(bought.vip).toBe(true);
  });

  it("a EUR buyer of a plan mapped to a price with a EUR currency option pays through that price, in EUR", async () => {
    const eur = await priceOf("EUR");
    const price = fakes.stripe.addPrice({
      currency: "USD",
      unitAmount: await priceOf("USD"),
      months: 12,
      currencyOptions: { EUR: eur },
    });
    await mapPrice(String(price.id));
    const bought = await buyAndPay("eur-option@example.com", "EUR");
    expect(bought.session?.get("line_items[0][price]")).toBe(price.id);
    expect(bought.session?.get("currency")).toBe("eur");
    expect(bought.invoice).toMatchObject({ currency: "eur", subtotal: eur });
    expect(bought.rejected).toEqual([]);
    expect(bought.vip).toBe(true);
  });

  it("a USD buyer pays through the mapped USD price; one at another amount than the catalogue's is not used", async () => {
    const usd = await priceOf("USD");
    const price = fakes.stripe.addPrice({ currency: "USD", unitAmount: usd, months: 12 });
    await mapPrice(String(price.id));
    const same = await buyAndPay("usd-buyer@example.com", "USD");
    expect(same.session?.get("line_items[0][price]")).toBe(price.id);
    expect(same.vip).toBe(true);

    const dearer = fakes.stripe.addPrice({ currency: "USD", unitAmount: usd + 500, months: 12 });
    await database.db
      .update(planProviderProducts)
      .set({ productId: String(dearer.id) })
      .where(eq(planProviderProducts.planId, "1-year"));
    const other = await buyAndPay("usd-other@example.com", "USD");
    expect(other.session?.get("line_items[0][price]")).toBeNull();
    expect(other.invoice).toMatchObject({ currency: "usd", subtotal: usd });
    expect(other.rejected).toEqual([]);
    expect(other.vip).toBe(true);
  });
});
