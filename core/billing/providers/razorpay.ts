import Razorpay from "razorpay";
import type { PaymentEnvironment, PaymentProcessor, ProviderEvent, PurchaseRequest } from "./payment-provider";
import { PlanChangeUnsupported } from "./paypal";

type Obj = Record<string, unknown>;
const str = (value: unknown) => (typeof value === "string" && value ? value : undefined);
const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);
const obj = (value: unknown): Obj => (value && typeof value === "object" ? (value as Obj) : {});
const fromUnix = (seconds: unknown) => {
  const value = num(seconds);
  return value === undefined ? undefined : new Date(value * 1000);
};

/**
 * The key a created Razorpay plan carries in its notes, to be found again after a restart. A
 * Razorpay plan has one fixed amount, so the price (after a coupon) is part of the key.
 */
export const razorpayPlanKey = (request: Pick<PurchaseRequest, "planId" | "currency" | "months" | "amountMinor">) =>
  `veilport:${request.planId}:${request.currency.toUpperCase()}:${request.months}:${request.amountMinor}`;

/** A plan's period as Razorpay's: whole years yearly, anything else monthly with an interval. */
export function razorpayPeriod(months: number): { period: "monthly" | "yearly"; interval: number } {
  if (!Number.isInteger(months) || months < 1) throw new Error(`a ${months}-month plan has no Razorpay period`);
  return months % 12 === 0 ? { period: "yearly", interval: months / 12 } : { period: "monthly", interval: months };
}

/** How many payments a subscription is created for (Razorpay needs a count): ten years of periods. */
export const razorpayTotalCount = (months: number) => Math.max(1, Math.ceil(120 / months));

/** What a verified webhook event means for us. */
export function razorpayEventKind(
  event: string,
): "payment" | "canceled" | "payment_failed" | "refunded" | "disputed" | "ignored" {
  switch (event) {
    case "subscription.charged":
      return "payment";
    // Made in Razorpay's dashboard (or by us): access ends when the payment is refunded in full.
    case "refund.processed":
      return "refunded";
    // The buyer's bank disputes the payment: access ends, as with Stripe's disputes.
    case "payment.dispute.created":
      return "disputed";
    // Renewal off: our cancellation at the cycle's end, the customer's, or Razorpay's after its retries.
    case "subscription.cancelled":
    case "subscription.halted":
      return "canceled";
    case "subscription.pending":
      return "payment_failed";
    default:
      return "ignored";
  }
}

/** Whether Razorpay reports a payment refunded in full (its refund status, else the amounts). */
export function refundedInFull(payment: Record<string, unknown>): boolean {
  if (payment.refund_status === "full") return true;
  const amount = num(payment.amount);
  const refunded = num(payment.amount_refunded);
  return amount !== undefined && amount > 0 && refunded !== undefined && refunded >= amount;
}

/** Razorpay's SDK rejects with `{ statusCode, error }`, not an Error: made one (for logs and callers). */
async function sdk<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (failure) {
    if (failure instanceof Error) throw failure;
    const error = obj(obj(failure).error);
    throw new Error(`Razorpay answered ${String(obj(failure).statusCode)}: ${str(error.description) ?? "error"}`);
  }
}

/**
 * Razorpay subscriptions through its official Node SDK (`razorpay`): a Razorpay plan per plan,
 * currency, period and price (created on demand, found again by its notes), a subscription whose
 * hosted page (`short_url`) the buyer pays on, webhooks verified with the SDK's HMAC check.
 * Decision 052.
 */
export function razorpayProcessor(options: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  environment: "live" | "test";
  /** Tests only: the API's base URL (the SDK's host is fixed at https://api.razorpay.com). */
  apiBaseUrl?: string;
}): PaymentProcessor {
  const client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  const api = (client as unknown as { api: { rq: { defaults: { baseURL?: string; timeout?: number } } } }).api;
  api.rq.defaults.timeout = 20_000;
  if (options.apiBaseUrl) api.rq.defaults.baseURL = options.apiBaseUrl;
  const environment: PaymentEnvironment = options.environment;
  const plans = new Map<string, Promise<string>>();

  const fetchSubscription = async (id: string) => obj(await sdk(client.subscriptions.fetch(id)));

  async function findOrCreatePlan(request: PurchaseRequest): Promise<string> {
    const key = razorpayPlanKey(request);
    for (let skip = 0; skip < 1000; skip += 100) {
      const page = obj(await sdk(client.plans.all({ count: 100, skip })));
      const items = Array.isArray(page.items) ? (page.items as Obj[]) : [];
      const match = items.find((plan) => obj(plan.notes).veilport_key === key);
      if (str(match?.id)) return String(match?.id);
      if (items.length < 100) break;
    }
    const created = obj(
      await sdk(
        client.plans.create({
          ...razorpayPeriod(request.months),
          item: {
            name: request.planName.slice(0, 100),
            amount: request.amountMinor,
            currency: request.currency.toUpperCase(),
          },
          notes: { veilport_key: key },
        }),
      ),
    );
    const id = str(created.id);
    if (!id) throw new Error("Razorpay created a plan without an id");
    return id;
  }

  function planFor(request: PurchaseRequest): Promise<string> {
    const key = razorpayPlanKey(request);
    let plan = plans.get(key);
    if (!plan) {
      plan = findOrCreatePlan(request);
      plans.set(key, plan);
      plan.catch(() => plans.delete(key));
    }
    return plan;
  }

  /** The subscription's paid invoices (each names its payment), oldest first. */
  async function paidInvoices(subscriptionRef: string): Promise<Obj[]> {
    const page = obj(await sdk(client.invoices.all({ subscription_id: subscriptionRef, count: 100 })));
    const items = Array.isArray(page.items) ? (page.items as Obj[]) : [];
    return items
      .filter((invoice) => invoice.status === "paid" && str(invoice.payment_id))
      .sort((a, b) => (num(a.paid_at) ?? 0) - (num(b.paid_at) ?? 0));
  }

  /** A payment of a subscription in our terms; null when it names no order of ours or no period. */
  function paymentEvent(eventId: string, subscription: Obj, payment: Obj): ProviderEvent | null {
    const orderId = str(obj(subscription.notes).order_id);
    const subscriptionRef = str(subscription.id);
    const periodEnd = fromUnix(subscription.current_end);
    const amount = num(payment.amount);
    const currency = str(payment.currency)?.toUpperCase();
    if (!orderId || !subscriptionRef || !periodEnd || amount === undefined || !currency) return null;
    return {
      eventId,
      orderId,
      subscriptionRef,
      environment,
      charge: { amountMinor: amount, currency },
      event: { type: "payment_succeeded", at: fromUnix(payment.created_at) ?? new Date(), periodEnd },
    };
  }

  /**
   * A refund or a dispute of a payment, read back from Razorpay (the payment, its invoice, the
   * invoice's subscription and its order): a replayed or partial body cannot end access. Only a
   * payment refunded in full, or any dispute, does; a partial refund keeps it (as Stripe's).
   */
  async function refundOrDisputeEvent(
    eventId: string,
    kind: "refunded" | "disputed",
    paymentId: string,
    at: Date,
  ): Promise<ProviderEvent | "ignored"> {
    const readBack = obj(await sdk(client.payments.fetch(paymentId)));
    if (kind === "refunded" && !refundedInFull(readBack)) return "ignored";
    const invoiceId = str(readBack.invoice_id);
    if (!invoiceId) return "ignored";
    const invoice = obj(await sdk(client.invoices.fetch(invoiceId)));
    const subscriptionRef = str(invoice.subscription_id);
    if (!subscriptionRef) return "ignored";
    const orderId = str(obj((await fetchSubscription(subscriptionRef)).notes).order_id);
    if (!orderId) return "ignored";
    return { eventId, orderId, subscriptionRef, environment, event: { type: "refunded", at } };
  }

  return {
    name: "razorpay",
    environment,
    planChanges: false,
    async createPurchase(request) {
      const planId = request.productId && !request.discount ? request.productId : await planFor(request);
      const created = obj(
        await sdk(
          client.subscriptions.create({
            plan_id: planId,
            total_count: razorpayTotalCount(request.months),
            customer_notify: 1,
            notes: { order_id: request.orderId },
            notify_info: { notify_email: request.email },
          } as Parameters<typeof client.subscriptions.create>[0]),
        ),
      );
      const id = str(created.id);
      const url = str(created.short_url);
      if (!id || !url) throw new Error(`Razorpay created subscription ${id} without a page to pay on`);
      return { webUrl: url, reference: id };
    },
    async lookupEvents(order) {
      if (!order.reference) return [];
      const subscription = await fetchSubscription(order.reference);
      if (str(obj(subscription.notes).order_id) !== order.id) return [];
      const [first] = await paidInvoices(order.reference);
      if (!first) return [];
      const payment = {
        amount: first.amount_paid ?? first.amount,
        currency: first.currency,
        created_at: first.paid_at,
      };
      const event = paymentEvent(`reconcile_${order.reference}_${String(first.payment_id)}`, subscription, payment);
      return event ? [event] : [];
    },
    async parseWebhook(rawBody, headers) {
      const signature = headers.get("x-razorpay-signature");
      if (!signature) return null;
      let event: Obj;
      try {
        if (!Razorpay.validateWebhookSignature(rawBody, signature, options.webhookSecret)) return null;
        event = obj(JSON.parse(rawBody));
      } catch {
        return null;
      }
      const kind = razorpayEventKind(String(event.event ?? ""));
      if (kind === "ignored") return "ignored";
      const payload = obj(event.payload);
      const subscription = obj(obj(payload.subscription).entity);
      const payment = obj(obj(payload.payment).entity);
      // Razorpay names each delivery in a header; the payment (or state) and subscription name it otherwise.
      const eventId =
        headers.get("x-razorpay-event-id") ??
        `${String(event.event)}_${str(subscription.id) ?? ""}_${str(payment.id) ?? String(event.created_at)}`;
      if (kind === "payment") return paymentEvent(eventId, subscription, payment) ?? "ignored";
      if (kind === "refunded" || kind === "disputed") {
        const paymentId =
          str(obj(obj(payload.refund).entity).payment_id) ??
          str(obj(obj(payload.dispute).entity).payment_id) ??
          str(payment.id);
        if (!paymentId) return "ignored";
        return refundOrDisputeEvent(eventId, kind, paymentId, fromUnix(event.created_at) ?? new Date());
      }
      const orderId = str(obj(subscription.notes).order_id);
      const subscriptionRef = str(subscription.id);
      if (!orderId || !subscriptionRef) return "ignored";
      const at = fromUnix(event.created_at) ?? new Date();
      return { eventId, orderId, subscriptionRef, environment, event: { type: kind, at } };
    },
    async cancelSubscription(subscriptionRef) {
      // At the cycle's end: the paid period runs out, nothing more is charged.
      const answer = obj(await sdk(client.subscriptions.cancel(subscriptionRef, true)));
      const status = str(answer.status);
      return {
        renewalOff:
          status === "cancelled" ||
          status === "completed" ||
          status === "halted" ||
          answer.has_scheduled_changes === true,
      };
    },
    async resumeSubscription(subscriptionRef) {
      // Razorpay has no call that takes back a cancellation (scheduled or done): say so.
      throw new Error(
        `Razorpay cannot undo the cancellation of ${subscriptionRef}: the customer buys again when the period ends`,
      );
    },
    async refundPurchase(request) {
      const [first] = await paidInvoices(request.subscriptionRef);
      const paymentId = str(first?.payment_id);
      if (!paymentId) throw new Error(`Razorpay lists no paid invoice of ${request.subscriptionRef}`);
      const refund = obj(
        await sdk(
          client.payments.refund(paymentId, {
            speed: "normal",
            notes: { order_id: request.orderId, reason: "Money-back request" },
          }),
        ),
      );
      const status = str(refund.status);
      if (status !== "processed" && status !== "pending")
        throw new Error(`Razorpay refund ${String(refund.id)} is ${status}`);
      // Nothing more is charged: cancelled now, not at the cycle's end.
      await sdk(client.subscriptions.cancel(request.subscriptionRef, false)).catch(() => undefined);
      return status === "processed" ? "refunded" : "pending";
    },
    async paymentMethodUrl(request) {
      // The subscription's hosted page, where the customer authorises a card or mandate again.
      const subscription = await fetchSubscription(request.subscriptionRef);
      const url = str(subscription.short_url);
      if (!url) throw new Error(`Razorpay subscription ${request.subscriptionRef} has no page`);
      return url;
    },
    async previewPlanChange() {
      throw new PlanChangeUnsupported("Razorpay");
    },
    async changePlan() {
      throw new PlanChangeUnsupported("Razorpay");
    },
    async cancelPlanChange() {
      throw new PlanChangeUnsupported("Razorpay");
    },
  };
}
