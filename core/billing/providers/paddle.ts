import {
  type CurrencyCode,
  Environment,
  type ISubscriptionUpdateItem,
  type ITransactionItemWithNonCatalogPrice,
  Paddle,
} from "@paddle/paddle-node-sdk";
import type {
  ChargeDetails,
  PaymentProcessor,
  PlanChangeRequest,
  ProviderEvent,
  PurchaseRequest,
} from "./payment-provider";

type Obj = Record<string, unknown>;
const str = (value: unknown) => (typeof value === "string" ? value : undefined);

/** What a transaction charged before tax, and the plan it was created for (its custom data). */
function transactionCharge(transaction: Obj): ChargeDetails {
  const totals = ((transaction.details as Obj | null | undefined)?.totals ?? {}) as Obj;
  const planId = str((transaction.customData as Obj | null | undefined)?.plan_id);
  // Paddle's subtotal is before its discount (a coupon's, decision 034).
  return {
    amountMinor: Number(totals.subtotal ?? Number.NaN) - Number(totals.discount ?? 0),
    currency: String(transaction.currencyCode ?? "").toUpperCase(),
    ...(planId ? { planId } : {}),
  };
}

/** Maps a verified Paddle Billing event to ours; "ignored" for kinds that do not move a subscription. */
export function mapPaddleEvent(
  event: {
    eventId: string;
    eventType: string;
    occurredAt: string;
    data: unknown;
  },
  environment: "live" | "test",
): ProviderEvent | "ignored" {
  const data = event.data as Obj;
  if (event.eventType.startsWith("adjustment.")) return mapPaddleAdjustment(event, environment);
  const orderId = str((data.customData as Obj | null | undefined)?.order_id);
  const subscriptionRef = event.eventType.startsWith("subscription.") ? str(data.id) : str(data.subscriptionId);
  if (!orderId || !subscriptionRef) return "ignored";
  const at = new Date(event.occurredAt);
  const base = { eventId: event.eventId, orderId, subscriptionRef, environment };
  switch (event.eventType) {
    case "transaction.completed": {
      const endsAt = str((data.billingPeriod as Obj | null | undefined)?.endsAt);
      return endsAt
        ? {
            ...base,
            charge: transactionCharge(data),
            event: { type: "payment_succeeded", at, periodEnd: new Date(endsAt) },
          }
        : "ignored";
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

/** Adjustments that take the whole payment back: a refund, or the bank's chargeback. */
const ENDING_ADJUSTMENTS = new Set(["refund", "chargeback"]);

/**
 * A refund or chargeback (made in Paddle's dashboard, or asked for here) once Paddle approved it,
 * in full: access ends. An adjustment names its subscription, not our order: the order is the
 * subscription's (orderId left empty for the webhook to fill). Pending, partial or other ones keep it.
 */
function mapPaddleAdjustment(
  event: { eventId: string; occurredAt: string; data: unknown },
  environment: "live" | "test",
): ProviderEvent | "ignored" {
  const data = event.data as Obj;
  const subscriptionRef = str(data.subscriptionId);
  if (!subscriptionRef || !ENDING_ADJUSTMENTS.has(String(data.action))) return "ignored";
  if (data.status !== "approved" || data.type !== "full") return "ignored";
  return {
    eventId: event.eventId,
    orderId: "",
    subscriptionRef,
    environment,
    event: { type: "refunded", at: new Date(event.occurredAt) },
  };
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
      // The plan's price; a coupon's discount is a Paddle discount on the transaction.
      unitPrice: {
        amount: String(request.amountMinor + (request.discount?.amountOffMinor ?? 0)),
        currencyCode: request.currency as CurrencyCode,
      },
      product: { name: request.planName, taxCategory: "standard" },
    },
  };
}

/** A plan as a subscription's item: the catalogue price when mapped, else a non-catalogue price. */
function subscriptionItem(
  currency: string,
  plan: { months: number; amountMinor: number; planName?: string; productId?: string },
): ISubscriptionUpdateItem {
  if (plan.productId) return { priceId: plan.productId, quantity: 1 };
  const name = plan.planName ?? `${plan.months}`;
  return {
    quantity: 1,
    price: {
      description: name,
      billingCycle: { interval: "month", frequency: plan.months },
      unitPrice: { amount: String(plan.amountMinor), currencyCode: currency as CurrencyCode },
      product: { name, taxCategory: "standard" },
    },
  };
}

/**
 * Paddle's billing mode for a switch: prorated and collected now for an upgrade; for a switch at
 * the renewal, no charge now and the new plan's full price on the next billing date.
 */
export const paddleBillingMode = (timing: PlanChangeRequest["timing"]) =>
  timing === "now" ? ("prorated_immediately" as const) : ("full_next_billing_period" as const);

/** What Paddle's preview says a switch costs: now (its immediate transaction), or at the renewal. */
function paddleQuote(
  request: PlanChangeRequest,
  preview: {
    immediateTransaction: PreviewTransaction | null;
    nextTransaction: (PreviewTransaction & { billingPeriod: { startsAt: string; endsAt: string } }) | null;
  },
) {
  // Before tax: the new items less any discount and the credit for the unused time of the old ones.
  const net = (transaction: PreviewTransaction | null) => {
    if (!transaction) return null;
    const { subtotal, discount, credit } = transaction.details.totals;
    return Number(subtotal) - Number(discount ?? 0) - Number(credit ?? 0);
  };
  if (request.timing === "now") {
    return {
      amountDueMinor: Math.max(0, net(preview.immediateTransaction) ?? 0),
      currency: request.currency,
      effectiveAt: new Date(),
      periodEnd: preview.nextTransaction ? new Date(preview.nextTransaction.billingPeriod.startsAt) : null,
    };
  }
  return {
    amountDueMinor: net(preview.nextTransaction) ?? request.target.amountMinor,
    currency: request.currency,
    effectiveAt: request.current.periodEnd,
    periodEnd: null,
  };
}

type PreviewTransaction = { details: { totals: { subtotal: string; discount: string; credit: string } } };

/** Paddle Billing through its Node SDK: a transaction with a checkout URL; webhooks verified by the SDK. */
export function paddleProcessor(options: {
  apiKey: string;
  webhookSecret: string;
  environment: "live" | "test";
  /** Another API base URL (tests point the SDK at a local fake of Paddle's API). */
  apiBaseUrl?: string;
}): PaymentProcessor {
  const paddle = new Paddle(options.apiKey, {
    environment: (options.apiBaseUrl ??
      (options.environment === "live" ? Environment.production : Environment.sandbox)) as Environment,
  });
  const toEvent = (event: Parameters<typeof mapPaddleEvent>[0]) => mapPaddleEvent(event, options.environment);
  return {
    name: "paddle",
    environment: options.environment,
    async createPurchase(request) {
      // A coupon: a flat discount of the amount shown at checkout, for this order only, on every payment.
      const discount = request.discount
        ? await paddle.discounts.create({
            amount: String(request.discount.amountOffMinor),
            description: `Coupon ${request.discount.code}`,
            type: "flat",
            currencyCode: request.currency as CurrencyCode,
            recur: true,
            usageLimit: 1,
            enabledForCheckout: false,
            customData: { order_id: request.orderId, coupon_code: request.discount.code },
          })
        : null;
      const transaction = await paddle.transactions.create({
        items: [paddleItem(request)],
        ...(discount ? { discountId: discount.id } : {}),
        customData: { order_id: request.orderId, plan_id: request.planId },
      });
      // Paddle gives a checkout URL only when the account has a default payment link.
      if (!transaction.checkout?.url) {
        throw new Error(
          `Paddle created transaction ${transaction.id} without a checkout URL: set a default payment link (Paddle > Checkout > Checkout settings)`,
        );
      }
      return { webUrl: transaction.checkout.url, reference: transaction.id };
    },
    async lookupEvents(order) {
      if (!order.reference) return [];
      const transaction = await paddle.transactions.get(order.reference);
      if (transaction.status !== "completed" && transaction.status !== "paid") return [];
      const mapped = toEvent({
        eventId: `reconcile_${transaction.id}`,
        eventType: "transaction.completed",
        occurredAt: transaction.billedAt ?? transaction.updatedAt,
        data: transaction,
      });
      return mapped === "ignored" ? [] : [mapped];
    },
    async parseWebhook(rawBody, headers) {
      try {
        const event = await paddle.webhooks.unmarshal(
          rawBody,
          options.webhookSecret,
          headers.get("paddle-signature") ?? "",
        );
        return toEvent(event as unknown as Parameters<typeof mapPaddleEvent>[0]);
      } catch {
        return null;
      }
    },
    async cancelSubscription(subscriptionRef) {
      const updated = await paddle.subscriptions.cancel(subscriptionRef, { effectiveFrom: "next_billing_period" });
      return { renewalOff: updated.scheduledChange?.action === "cancel" || updated.status === "canceled" };
    },
    async resumeSubscription(subscriptionRef) {
      // Removing the scheduled change is how Paddle undoes a cancellation at period end.
      await paddle.subscriptions.update(subscriptionRef, { scheduledChange: null });
    },
    async refundPurchase(request) {
      if (!request.reference) throw new Error(`order ${request.orderId} has no Paddle transaction`);
      const adjustment = await paddle.adjustments.create({
        action: "refund",
        type: "full",
        transactionId: request.reference,
        reason: `Money-back request for order ${request.orderId}`,
      });
      if (adjustment.status === "rejected" || adjustment.status === "reversed") {
        throw new Error(`Paddle adjustment ${adjustment.id} is ${adjustment.status}`);
      }
      const approved = adjustment.status === "approved";
      // Approved: the subscription ends now. Waiting for Paddle's review: it renews no more, and
      // ends when the approval arrives (adjustment.updated). The refund is asked for either way.
      await paddle.subscriptions
        .cancel(request.subscriptionRef, { effectiveFrom: approved ? "immediately" : "next_billing_period" })
        .catch(() => undefined);
      return approved ? "refunded" : "pending";
    },
    async paymentMethodUrl(request) {
      // The subscription's own management link; without one (not every account gets them), the
      // checkout of its update-payment-method transaction.
      const subscription = await paddle.subscriptions.get(request.subscriptionRef);
      const managed = subscription.managementUrls?.updatePaymentMethod;
      if (managed) return managed;
      const transaction = await paddle.subscriptions.getPaymentMethodChangeTransaction(request.subscriptionRef);
      if (!transaction.checkout?.url) {
        throw new Error(`Paddle gave no page to update the payment method of ${request.subscriptionRef}`);
      }
      return transaction.checkout.url;
    },
    async previewPlanChange(request) {
      const preview = await paddle.subscriptions.previewUpdate(request.subscriptionRef, {
        items: [subscriptionItem(request.currency, request.target)],
        prorationBillingMode: paddleBillingMode(request.timing),
      });
      return paddleQuote(request, preview);
    },
    async changePlan(request) {
      // The amount is Paddle's own preview of the same change, asked first (the update answers no totals).
      const body = {
        items: [subscriptionItem(request.currency, request.target)],
        prorationBillingMode: paddleBillingMode(request.timing),
      };
      const preview = await paddle.subscriptions.previewUpdate(request.subscriptionRef, body);
      const current = await paddle.subscriptions.get(request.subscriptionRef);
      const updated = await paddle.subscriptions.update(request.subscriptionRef, {
        ...body,
        customData: { ...(current.customData ?? {}), plan_id: request.target.planId },
        // A failed payment for the upgrade leaves the subscription as it was.
        ...(request.timing === "now" ? { onPaymentFailure: "prevent_change" as const } : {}),
      });
      const quote = paddleQuote(request, preview);
      const endsAt = updated.currentBillingPeriod?.endsAt;
      return {
        ...quote,
        periodEnd: request.timing === "now" && endsAt ? new Date(endsAt) : quote.periodEnd,
        reference: updated.id,
      };
    },
    async cancelPlanChange(request) {
      // Back to the current plan's item, with nothing billed: the renewal charges what it did before.
      await paddle.subscriptions.update(request.subscriptionRef, {
        items: [subscriptionItem(request.currency, request.current)],
        prorationBillingMode: "do_not_bill",
      });
    },
  };
}
