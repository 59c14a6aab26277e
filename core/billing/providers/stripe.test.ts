import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { stripeProcessor } from "./stripe";

// Recorded shapes of Stripe events (trimmed to the fields we read), signed with the SDK's own helper.
const secret = "whsec_test_secret";
const stripe = new Stripe("sk_test_dummy");
const processor = stripeProcessor({ secretKey: "sk_test_dummy", webhookSecret: secret, client: stripe });

const invoicePaid = {
  id: "evt_1QInvoicePaid",
  object: "event",
  type: "invoice.paid",
  created: 1_767_225_600,
  data: {
    object: {
      id: "in_1",
      object: "invoice",
      parent: {
        subscription_details: { subscription: "sub_123", metadata: { order_id: "ord_abc" } },
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
      event: { type: "payment_succeeded", at: new Date(1_767_225_600_000), periodEnd: new Date(1_798_761_600_000) },
    });
  });

  it("refuses a wrong secret or a changed body", async () => {
    const { body, headers } = signed(invoicePaid, "whsec_other");
    expect(await processor.parseWebhook(body, headers)).toBeNull();
    const good = signed(invoicePaid);
    expect(await processor.parseWebhook(good.body.replace("ord_abc", "ord_evil"), good.headers)).toBeNull();
  });

  it("maps cancellation and deletion, and ignores other kinds", async () => {
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
    const other = signed({ ...invoicePaid, id: "evt_4", type: "customer.created", data: { object: { id: "cus_1" } } });
    expect(await processor.parseWebhook(other.body, other.headers)).toBe("ignored");
  });
});
