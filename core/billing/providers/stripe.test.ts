import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { stripeLineItem, stripeProcessor, switchedItem } from "./stripe";

// Recorded shapes of Stripe events (trimmed to the fields we read), signed with the SDK's own helper.
const secret = "whsec_test_secret";
const stripe = new Stripe("sk_test_dummy");
const processor = stripeProcessor({
  secretKey: "sk_test_dummy",
  webhookSecret: secret,
  environment: "test",
  client: stripe,
});

const invoicePaid = {
  id: "evt_1QInvoicePaid",
  object: "event",
  type: "invoice.paid",
  created: 1_767_225_600,
  livemode: false,
  data: {
    object: {
      id: "in_1",
      object: "invoice",
      currency: "usd",
      subtotal: 4999,
      amount_paid: 5949,
      parent: {
        subscription_details: { subscription: "sub_123", metadata: { order_id: "ord_abc", plan_id: "p12" } },
        type: "subscription_details",
      },
      lines: { data: [{ period: { start: 1_767_225_600, end: 1_798_761_600 } }] },
    },
  },
};

const signed = (payload: object, key = secret) => {
  const body = JSON.stringify(payload);
  return {
    body,
    headers: new Headers({
      "stripe-signature": stripe.webhooks.generateTestHeaderString({ payload: body, secret: key }),
    }),
  };
};

describe("Stripe adapter", () => {
  it("verifies the SDK signature and maps invoice.paid to a paid period", async () => {
    const { body, headers } = signed(invoicePaid);
    expect(await processor.parseWebhook(body, headers)).toEqual({
      eventId: "evt_1QInvoicePaid",
      orderId: "ord_abc",
      subscriptionRef: "sub_123",
      environment: "test",
      charge: { amountMinor: 4999, currency: "USD", planId: "p12" },
      event: { type: "payment_succeeded", at: new Date(1_767_225_600_000), periodEnd: new Date(1_798_761_600_000) },
    });
  });

  it("refuses a wrong secret or a changed body", async () => {
    const { body, headers } = signed(invoicePaid, "whsec_other");
    expect(await processor.parseWebhook(body, headers)).toBeNull();
    const good = signed(invoicePaid);
    expect(await processor.parseWebhook(good.body.replace("ord_abc", "ord_evil"), good.headers)).toBeNull();
  });

  it("maps cancellation, resumption and deletion, and ignores other kinds", async () => {
    const subscription = {
      id: "sub_123",
      object: "subscription",
      cancel_at_period_end: true,
      metadata: { order_id: "ord_abc" },
    };
    const updated = signed({
      ...invoicePaid,
      id: "evt_2",
      type: "customer.subscription.updated",
      data: { object: subscription },
    });
    expect(await processor.parseWebhook(updated.body, updated.headers)).toMatchObject({ event: { type: "canceled" } });
    const deleted = signed({
      ...invoicePaid,
      id: "evt_3",
      type: "customer.subscription.deleted",
      data: { object: subscription },
    });
    expect(await processor.parseWebhook(deleted.body, deleted.headers)).toMatchObject({ event: { type: "expired" } });
    const resumed = signed({
      ...invoicePaid,
      id: "evt_5",
      type: "customer.subscription.updated",
      data: { object: { ...subscription, cancel_at_period_end: false, status: "active" } },
    });
    expect(await processor.parseWebhook(resumed.body, resumed.headers)).toMatchObject({ event: { type: "resumed" } });
    const incomplete = signed({
      ...invoicePaid,
      id: "evt_6",
      type: "customer.subscription.updated",
      data: { object: { ...subscription, cancel_at_period_end: false, status: "incomplete_expired" } },
    });
    expect(await processor.parseWebhook(incomplete.body, incomplete.headers)).toBe("ignored");
    const other = signed({ ...invoicePaid, id: "evt_4", type: "customer.created", data: { object: { id: "cus_1" } } });
    expect(await processor.parseWebhook(other.body, other.headers)).toBe("ignored");
  });

  it("sends the plan's price inline when no Stripe price id is mapped, and the price id when it is", async () => {
    const sent: URLSearchParams[] = [];
    // The SDK's own HTTP layer with a recorded Checkout Session answer instead of the network.
    const client = new Stripe("sk_test_dummy", {
      httpClient: Stripe.createFetchHttpClient(async (_url, init) => {
        sent.push(new URLSearchParams(String(init?.body)));
        const session = {
          id: "cs_test_1",
          object: "checkout.session",
          url: "https://checkout.stripe.com/c/pay/cs_test_1",
        };
        return new Response(JSON.stringify(session), { status: 200, headers: { "content-type": "application/json" } });
      }),
    });
    const adapter = stripeProcessor({ secretKey: "sk_test_dummy", webhookSecret: secret, environment: "test", client });
    const request = {
      orderId: "ord_1",
      planId: "1-year",
      planName: "VPN subscription, 12 months",
      months: 12,
      amountMinor: 4788,
      currency: "GBP",
      email: "buyer@example.com",
      returnUrl: "https://vpn.example/de/paystatus?order=ord_1&provider=s1",
      cancelUrl: "https://vpn.example/de/paystatus?order=ord_1&provider=s1&left=1",
    };
    expect(await adapter.createPurchase(request)).toEqual({
      webUrl: "https://checkout.stripe.com/c/pay/cs_test_1",
      reference: "cs_test_1",
    });
    const inline = sent[0];
    expect(inline?.get("mode")).toBe("subscription");
    expect(inline?.get("line_items[0][price_data][currency]")).toBe("gbp");
    expect(inline?.get("line_items[0][price_data][unit_amount]")).toBe("4788");
    expect(inline?.get("line_items[0][price_data][recurring][interval]")).toBe("month");
    expect(inline?.get("line_items[0][price_data][recurring][interval_count]")).toBe("12");
    expect(inline?.get("subscription_data[metadata][order_id]")).toBe("ord_1");
    expect(inline?.get("customer_email")).toBe("buyer@example.com");
    // The buyer comes back in the language they bought in, paid or not.
    expect(inline?.get("success_url")).toBe("https://vpn.example/de/paystatus?order=ord_1&provider=s1");
    expect(inline?.get("cancel_url")).toBe("https://vpn.example/de/paystatus?order=ord_1&provider=s1&left=1");
  });
});

describe("stripeLineItem: the buyer's currency at the shown price, through the operator's price when it has that", () => {
  const request = {
    orderId: "ord_1",
    planId: "1-year",
    planName: "VPN subscription, 12 months",
    months: 12,
    amountMinor: 4499,
    currency: "EUR",
    email: "",
    returnUrl: "https://vpn.example/paystatus",
    cancelUrl: "https://vpn.example/paystatus?left=1",
  };
  const price = (
    currency: string,
    amount: number,
    options: Record<string, number> = {},
    interval = "month",
    count = 12,
  ) =>
    ({
      id: "price_1",
      currency,
      unit_amount: amount,
      product: "prod_1",
      recurring: { interval, interval_count: count },
      currency_options: Object.fromEntries(
        Object.entries(options).map(([code, value]) => [code, { unit_amount: value }]),
      ),
    }) as unknown as Parameters<typeof stripeLineItem>[1];
  const inlineOn = (product?: string) => ({
    lineItem: {
      quantity: 1,
      price_data: {
        currency: "eur",
        unit_amount: 4499,
        recurring: { interval: "month", interval_count: 12 },
        ...(product ? { product } : { product_data: { name: request.planName, metadata: { plan_id: "1-year" } } }),
      },
    },
  });
  const mapped = { lineItem: { price: "price_1", quantity: 1 }, currency: "eur" };

  it.each([
    ["no mapped price", null, inlineOn()],
    ["a EUR price at the shown amount", price("eur", 4499), mapped],
    ["a USD price with a EUR option at the shown amount", price("usd", 4788, { eur: 4499 }), mapped],
    ["a yearly EUR price at the shown amount", price("eur", 4499, {}, "year", 1), mapped],
    ["a USD-only price", price("usd", 4788), inlineOn("prod_1")],
    ["a EUR option at another amount", price("usd", 4788, { eur: 3999 }), inlineOn("prod_1")],
    ["a EUR price for another period", price("eur", 4499, {}, "month", 1), inlineOn("prod_1")],
  ])("%s", (_, given, expected) => {
    expect(stripeLineItem(request, given)).toEqual(expected);
  });

  it("compares the price before a coupon (the coupon is a Stripe coupon on the session)", () => {
    const discounted = { ...request, amountMinor: 3999, discount: { code: "SAVE5", amountOffMinor: 500 } };
    expect(stripeLineItem(discounted, price("eur", 4499))).toEqual(mapped);
  });
});

describe("switchedItem: a plan switch keeps the subscription's currency, through a mapped price only when it has that", () => {
  const request = {
    orderId: "ord_1",
    subscriptionRef: "sub_1",
    timing: "now" as const,
    prorationDate: new Date(0),
    currency: "EUR",
    current: { planId: "1-month", months: 1, amountMinor: 999, periodEnd: new Date(0) },
    target: { planId: "1-year", months: 12, amountMinor: 4499, planName: "VPN subscription, 12 months" },
  };
  const price = (currency: string, amount: number, options: Record<string, number> = {}) =>
    ({
      id: "price_1",
      currency,
      unit_amount: amount,
      product: "prod_1",
      recurring: { interval: "month", interval_count: 12 },
      currency_options: Object.fromEntries(
        Object.entries(options).map(([code, value]) => [code, { unit_amount: value }]),
      ),
    }) as unknown as Parameters<typeof switchedItem>[2];
  const inline = {
    price_data: {
      currency: "eur",
      product: "prod_sub",
      unit_amount: 4499,
      recurring: { interval: "month", interval_count: 12 },
    },
  };

  it.each([
    ["no mapped price", null, inline],
    ["a EUR price at the new plan's amount", price("eur", 4499), { price: "price_1" }],
    ["a USD price with a EUR option at that amount", price("usd", 4788, { eur: 4499 }), { price: "price_1" }],
    ["a USD-only price", price("usd", 4788), inline],
  ])("%s", (_, mapped, expected) => {
    expect(switchedItem(request, "prod_sub", mapped)).toEqual(expected);
  });
});
