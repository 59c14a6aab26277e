import Stripe from "stripe";
import type { PaymentProcessor, ProviderEvent, PurchaseRequest } from "./payment-provider";

type Obj = Record<string, unknown>;
const str = (value: unknown) => (typeof value === "string" ? value : undefined);
const at = (seconds: unknown) => new Date(Number(seconds ?? 0) * 1000);

/** The order an event belongs to: put in the subscription's metadata by createPurchase. */
function orderIdOf(object: Obj): string | undefined {
  const meta = (object.metadata ?? {}) as Obj;
  const details = (object.subscription_details ??
    (object.parent as Obj | undefined)?.subscription_details ??
    {}) as Obj;
  return str(meta.order_id) ?? str((details.metadata as Obj | undefined)?.order_id);
}

function subscriptionOf(object: Obj): string | undefined {
  const direct =
    object.subscription ?? ((object.parent as Obj | undefined)?.subscription_details as Obj | undefined)?.subscription;
  return (
    str(direct) ??
    str((direct as Obj | undefined)?.id) ??
    (object.object === "subscription" ? str(object.id) : undefined)
  );
}

const RENEWING_STATUSES = new Set(["active", "trialing", "past_due"]);

/** Maps a verified Stripe event to ours; "ignored" for kinds that do not move a subscription. */
export function mapStripeEvent(event: {
  id: string;
  type: string;
  created: number;
  data: { object: unknown };
}): ProviderEvent | "ignored" {
  const object = event.data.object as Obj;
  const orderId = orderIdOf(object);
  const subscriptionRef = subscriptionOf(object);
  if (!orderId || !subscriptionRef) return "ignored";
  const base = { eventId: event.id, orderId, subscriptionRef };
  switch (event.type) {
    case "invoice.paid": {
      const lines = ((object.lines as Obj | undefined)?.data ?? []) as Obj[];
      const periodEnd = Math.max(
        ...lines.map((line) => Number((line.period as Obj | undefined)?.end ?? 0)),
        Number(object.period_end ?? 0),
      );
      return { ...base, event: { type: "payment_succeeded", at: at(event.created), periodEnd: at(periodEnd) } };
    }
    case "invoice.payment_failed":
      return { ...base, event: { type: "payment_failed", at: at(event.created) } };
    case "customer.subscription.updated":
      if (object.cancel_at_period_end) return { ...base, event: { type: "canceled", at: at(event.created) } };
      // Renewal on again for a live subscription: a resumption (a no-op when it was never off).
      return RENEWING_STATUSES.has(String(object.status))
        ? { ...base, event: { type: "resumed", at: at(event.created) } }
        : "ignored";
    case "customer.subscription.deleted":
      return { ...base, event: { type: "expired", at: at(event.created) } };
    default:
      return "ignored";
  }
}

/**
 * The plan's price id when the operator mapped one, else the price inline (price_data), so that
 * keys alone are enough to sell.
 */
export function stripeLineItem(request: PurchaseRequest): Stripe.Checkout.SessionCreateParams.LineItem {
  if (request.productId) return { price: request.productId, quantity: 1 };
  return {
    quantity: 1,
    price_data: {
      currency: request.currency.toLowerCase(),
      unit_amount: request.amountMinor,
      recurring: { interval: "month", interval_count: request.months },
      product_data: { name: request.planName, metadata: { plan_id: request.planId } },
    },
  };
}

/** Stripe: Checkout Session in subscription mode; webhooks verified by the SDK (Stripe-Signature). */
export function stripeProcessor(options: {
  secretKey: string;
  webhookSecret: string;
  client?: Stripe;
}): PaymentProcessor {
  const stripe = options.client ?? new Stripe(options.secretKey);
  return {
    name: "stripe",
    async createPurchase(request) {
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [stripeLineItem(request)],
        customer_email: request.email || undefined,
        client_reference_id: request.orderId,
        success_url: request.returnUrl,
        cancel_url: request.cancelUrl,
        metadata: { order_id: request.orderId },
        subscription_data: { metadata: { order_id: request.orderId } },
      });
      return { webUrl: session.url ?? "", reference: session.id };
    },
    async lookupEvents() {
      // Stripe's state arrives by webhook; the return page polls until it has.
      return [];
    },
    async parseWebhook(rawBody, headers) {
      try {
        const event = stripe.webhooks.constructEvent(
          rawBody,
          headers.get("stripe-signature") ?? "",
          options.webhookSecret,
        );
        return mapStripeEvent(event as unknown as Parameters<typeof mapStripeEvent>[0]);
      } catch {
        return null;
      }
    },
    async cancelSubscription(subscriptionRef) {
      await stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: true });
    },
    async resumeSubscription(subscriptionRef) {
      await stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: false });
    },
  };
}
