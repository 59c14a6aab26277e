import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { mapPaddleEvent, paddleItem, paddleProcessor } from "./paddle";

// A recorded transaction.completed notification (trimmed), signed the way Paddle signs:
// Paddle-Signature: ts=<unix>;h1=<hex HMAC-SHA256 of "ts:body">; the SDK verifies it.
const secret = "pdl_ntfset_test_secret";
const processor = paddleProcessor({ apiKey: "pdl_sdbx_apikey_dummy", webhookSecret: secret, environment: "test" });

const completed = {
  event_id: "evt_01hv8wt8nffy7r9g9qrkmtp0ac",
  event_type: "transaction.completed",
  occurred_at: "2026-01-01T00:00:00.000Z",
  notification_id: "ntf_01hv8wt8pf6wjfaqcs2ndq0afx",
  data: {
    id: "txn_01",
    status: "completed",
    customer_id: "ctm_01",
    custom_data: { order_id: "ord_abc", plan_id: "p12" },
    currency_code: "USD",
    details: {
      tax_rates_used: [],
      totals: { subtotal: "4999", tax: "950", total: "5949", grand_total: "5949", currency_code: "USD" },
      line_items: [],
    },
    origin: "web",
    subscription_id: "sub_01",
    collection_mode: "automatic",
    billing_period: { starts_at: "2026-01-01T00:00:00.000Z", ends_at: "2027-01-01T00:00:00.000Z" },
    items: [],
    payments: [],
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
  },
};

const signed = (payload: object, key = secret) => {
  const body = JSON.stringify(payload);
  const ts = Math.floor(Date.now() / 1000);
  const h1 = createHmac("sha256", key).update(`${ts}:${body}`).digest("hex");
  return { body, headers: new Headers({ "paddle-signature": `ts=${ts};h1=${h1}` }) };
};

describe("Paddle adapter", () => {
  it("verifies the signature with the SDK and maps transaction.completed to a paid period", async () => {
    const { body, headers } = signed(completed);
    expect(await processor.parseWebhook(body, headers)).toEqual({
      eventId: "evt_01hv8wt8nffy7r9g9qrkmtp0ac",
      orderId: "ord_abc",
      subscriptionRef: "sub_01",
      environment: "test",
      // Before tax: what the order was created for.
      charge: { amountMinor: 4999, currency: "USD", planId: "p12" },
      event: {
        type: "payment_succeeded",
        at: new Date("2026-01-01T00:00:00.000Z"),
        periodEnd: new Date("2027-01-01T00:00:00.000Z"),
      },
    });
  });

  it.each([
    [{ status: "active", scheduledChange: { action: "cancel" } }, "canceled"],
    [{ status: "active", scheduledChange: null }, "resumed"],
    [{ status: "past_due", scheduledChange: null }, "resumed"],
    [{ status: "paused", scheduledChange: null }, "ignored"],
  ])("maps subscription.updated %o to %s", (change, expected) => {
    const mapped = mapPaddleEvent(
      {
        eventId: "evt_u",
        eventType: "subscription.updated",
        occurredAt: "2026-02-01T00:00:00.000Z",
        data: { id: "sub_01", customData: { order_id: "ord_abc" }, ...change },
      },
      "test",
    );
    expect(mapped === "ignored" ? "ignored" : mapped.event.type).toBe(expected);
  });

  it("refuses a wrong secret and a changed body", async () => {
    const bad = signed(completed, "other");
    expect(await processor.parseWebhook(bad.body, bad.headers)).toBeNull();
    const good = signed(completed);
    expect(await processor.parseWebhook(good.body.replace("ord_abc", "ord_evil"), good.headers)).toBeNull();
  });

  it("sends a non-catalogue price when no Paddle price id is mapped, and the price id when it is", () => {
    const request = {
      orderId: "ord_1",
      planId: "1-month",
      planName: "VPN subscription, 1 month",
      months: 1,
      amountMinor: 1299,
      currency: "CAD",
      email: "",
      returnUrl: "https://vpn.example/paystatus",
      cancelUrl: "https://vpn.example/paystatus?left=1",
    };
    expect(paddleItem(request)).toEqual({
      quantity: 1,
      price: {
        description: "VPN subscription, 1 month",
        billingCycle: { interval: "month", frequency: 1 },
        unitPrice: { amount: "1299", currencyCode: "CAD" },
        product: { name: "VPN subscription, 1 month", taxCategory: "standard" },
      },
    });
    expect(paddleItem({ ...request, productId: "pri_01" })).toEqual({ priceId: "pri_01", quantity: 1 });
  });
});
