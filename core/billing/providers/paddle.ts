import {
  type CurrencyCode,
  Environment,
  type ITransactionItemWithNonCatalogPrice,
  Paddle,
} from "@paddle/paddle-node-sdk";
import type { PaymentProcessor, ProviderEvent, PurchaseRequest } from "./payment-provider";

type Obj = Record<string, unknown>;
const str = (value: unknown) => (typeof value === "string" ? value : undefined);

/** Maps a verified Paddle Billing event to ours; "ignored" for kinds that do not move a subscription. */
export function mapPaddleEvent(event: {
  eventId: string;
  eventType: string;
  occurredAt: string;
  data: unknown;
}): ProviderEvent | "ignored" {
  const data = event.data as Obj;
  const orderId = str((data.customData as Obj | null | undefined)?.order_id);
  const subscriptionRef = event.eventType.startsWith("subscription.") ? str(data.id) : str(data.subscriptionId);
  if (!orderId || !subscriptionRef) return "ignored";
  const at = new Date(event.occurredAt);
  const base = { eventId: event.eventId, orderId, subscriptionRef };
  switch (event.eventType) {
    case "transaction.completed": {
      const endsAt = str((data.billingPeriod as Obj | null | undefined)?.endsAt);
      return endsAt ? { ...base, event: { type: "payment_succeeded", at, periodEnd: new Date(endsAt) } } : "ignored";
    }
    case "transaction.payment_failed":
      return { ...base, event: { type: "payment_failed", at } };
    case "subscription.updated": {
      if ((data.scheduledChange as Obj | null | undefined)?.action === "cancel") {
        return { ...base, event: { type: "canceled", at } };
      }
      // No cancellation scheduled on a live subscription: renewal is on (a no-op when it never was off).
      return data.status === "active" || data.status === "past_due"
        ? { ...base, event: { type: "resumed", at } }
        : "ignored";
    }
    case "subscription.canceled":
      return { ...base, event: { type: "expired", at } };
    default:
      return "ignored";
  }
}

/**
 * The plan's price id when the operator mapped one, else a non-catalogue price and product in the
 * transaction itself, so that keys alone are enough to sell.
 */
export function paddleItem(request: PurchaseRequest): ITransactionItemWithNonCatalogPrice {
  if (request.productId) return { priceId: request.productId, quantity: 1 };
  return {
    quantity: 1,
    price: {
      description: request.planName,
      billingCycle: { interval: "month", frequency: request.months },
      unitPrice: { amount: String(request.amountMinor), currencyCode: request.currency as CurrencyCode },
      product: { name: request.planName, taxCategory: "standard" },
    },
  };
}

/** Paddle Billing through its Node SDK: a transaction with a checkout URL; webhooks verified by the SDK. */
export function paddleProcessor(options: {
  apiKey: string;
  webhookSecret: string;
  environment: "sandbox" | "production";
}): PaymentProcessor {
  const paddle = new Paddle(options.apiKey, {
    environment: options.environment === "production" ? Environment.production : Environment.sandbox,
  });
  return {
    name: "paddle",
    async createPurchase(request) {
      const transaction = await paddle.transactions.create({
        items: [paddleItem(request)],
        customData: { order_id: request.orderId },
      });
      return { webUrl: transaction.checkout?.url ?? "", reference: transaction.id };
    },
    async lookupEvents() {
      return [];
    },
    async parseWebhook(rawBody, headers) {
      try {
        const event = await paddle.webhooks.unmarshal(
          rawBody,
          options.webhookSecret,
          headers.get("paddle-signature") ?? "",
        );
        return mapPaddleEvent(event as unknown as Parameters<typeof mapPaddleEvent>[0]);
      } catch {
        return null;
      }
    },
    async cancelSubscription(subscriptionRef) {
      await paddle.subscriptions.cancel(subscriptionRef, { effectiveFrom: "next_billing_period" });
    },
    async resumeSubscription(subscriptionRef) {
      // Removing the scheduled change is how Paddle undoes a cancellation at period end.
      await paddle.subscriptions.update(subscriptionRef, { scheduledChange: null });
    },
  };
}
