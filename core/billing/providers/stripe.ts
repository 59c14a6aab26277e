import Stripe from "stripe";
import type {
  ChargeDetails,
  PaymentEnvironment,
  PaymentProcessor,
  PlanChangeRequest,
  ProviderEvent,
  PurchaseRequest,
} from "./payment-provider";

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

/** What an invoice's discounts (a coupon's) took off its subtotal, in minor units. */
function invoiceDiscount(invoice: Obj): number {
  const amounts = (invoice.total_discount_amounts ?? []) as Obj[];
  return amounts.reduce((sum, entry) => sum + Number(entry.amount ?? 0), 0);
}

/** What an invoice charged before tax and after discounts, and the plan its subscription was created for. */
function invoiceCharge(invoice: Obj): ChargeDetails {
  const details = ((invoice.parent as Obj | undefined)?.subscription_details ??
    invoice.subscription_details ??
    {}) as Obj;
  const planId = str((details.metadata as Obj | undefined)?.plan_id);
  return {
    amountMinor: Number(invoice.subtotal ?? invoice.amount_paid ?? Number.NaN) - invoiceDiscount(invoice),
    currency: String(invoice.currency ?? "").toUpperCase(),
    ...(planId ? { planId } : {}),
  };
}

/** Maps a verified Stripe event to ours; "ignored" for kinds that do not move a subscription. */
export function mapStripeEvent(event: {
  id: string;
  type: string;
  created: number;
  livemode: boolean;
  data: { object: unknown };
}): ProviderEvent | "ignored" {
  const object = event.data.object as Obj;
  const orderId = orderIdOf(object);
  const subscriptionRef = subscriptionOf(object);
  if (!orderId || !subscriptionRef) return "ignored";
  const environment: PaymentEnvironment = event.livemode ? "live" : "test";
  const base = { eventId: event.id, orderId, subscriptionRef, environment };
  switch (event.type) {
    case "invoice.paid": {
      const lines = ((object.lines as Obj | undefined)?.data ?? []) as Obj[];
      const periodEnd = Math.max(
        ...lines.map((line) => Number((line.period as Obj | undefined)?.end ?? 0)),
        Number(object.period_end ?? 0),
      );
      return {
        ...base,
        charge: invoiceCharge(object),
        event: { type: "payment_succeeded", at: at(event.created), periodEnd: at(periodEnd) },
      };
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
 * Maps a verified charge event (a refund or a dispute made in Stripe's dashboard, or by the bank)
 * with the invoice the charge paid, read back from Stripe: a charge names no subscription itself.
 * Only a full refund, or any dispute, ends access; a partial refund keeps it.
 */
export function mapStripeChargeEvent(
  event: { id: string; type: string; created: number; livemode: boolean; data: { object: unknown } },
  invoice: Obj | null,
): ProviderEvent | "ignored" {
  if (!invoice) return "ignored";
  const object = event.data.object as Obj;
  const fullRefund = event.type === "charge.refunded" && object.refunded === true;
  if (!fullRefund && event.type !== "charge.dispute.created") return "ignored";
  const orderId = orderIdOf(invoice);
  const subscriptionRef = subscriptionOf(invoice);
  if (!orderId || !subscriptionRef) return "ignored";
  return {
    eventId: event.id,
    orderId,
    subscriptionRef,
    environment: event.livemode ? "live" : "test",
    event: { type: "refunded", at: at(event.created) },
  };
}

const CHARGE_EVENTS = new Set(["charge.refunded", "charge.dispute.created"]);
const idOf = (value: unknown) => str(value) ?? str((value as Obj | null | undefined)?.id);

/**
 * The session's one line, always in the buyer's currency at the price shown (so the payment is what
 * the order expects and its webhook grants). The operator's mapped price (read back from Stripe,
 * with its currency options) is used when it charges exactly that: in its own currency or one of its
 * currency options, which the session then names. Otherwise the price is inline (price_data): on the
 * mapped price's product when there is one, else on a product made for it, so keys alone are enough
 * to sell. A coupon's discount is a Stripe coupon on the session, not part of this price.
 */
export function stripeLineItem(
  request: PurchaseRequest,
  mapped: MappedPrice | null = null,
): { lineItem: Stripe.Checkout.SessionCreateParams.LineItem; currency?: string } {
  const currency = request.currency.toLowerCase();
  const amount = request.amountMinor + (request.discount?.amountOffMinor ?? 0);
  if (mapped && chargesExactly(mapped, currency, amount, request.months)) {
    return { lineItem: { price: mapped.id, quantity: 1 }, currency };
  }
  const product = mapped ? idOf(mapped.product) : undefined;
  return {
    lineItem: {
      quantity: 1,
      price_data: {
        currency,
        unit_amount: amount,
        recurring: { interval: "month", interval_count: request.months },
        ...(product
          ? { product }
          : { product_data: { name: request.planName, metadata: { plan_id: request.planId } } }),
      },
    },
  };
}

/** An operator's Stripe price as read back (with its currency options). */
export type MappedPrice = Pick<
  Stripe.Price,
  "id" | "currency" | "unit_amount" | "product" | "currency_options" | "recurring"
>;

/** Whether a mapped price charges this amount in this currency (its own or an option) every `months`. */
function chargesExactly(mapped: MappedPrice, currency: string, amount: number, months: number): boolean {
  const inCurrency =
    mapped.currency === currency ? mapped.unit_amount : (mapped.currency_options?.[currency]?.unit_amount ?? null);
  const { recurring } = mapped;
  const period =
    (recurring?.interval === "month" && recurring.interval_count === months) ||
    (recurring?.interval === "year" && recurring.interval_count * 12 === months);
  return inCurrency === amount && period;
}

/**
 * A coupon's discount as a Stripe coupon of its own for this order: the exact amount shown at
 * checkout off every invoice of the subscription, usable once (decision 034).
 */
function stripeCoupon(stripe: Stripe, request: PurchaseRequest, discount: { code: string; amountOffMinor: number }) {
  return stripe.coupons.create({
    amount_off: discount.amountOffMinor,
    currency: request.currency.toLowerCase(),
    duration: "forever",
    max_redemptions: 1,
    name: discount.code,
    metadata: { order_id: request.orderId, coupon_code: discount.code },
  });
}

/**
 * The subscription's one item as a switch replaces it: the plan's catalogue price when the operator
 * mapped one that charges the subscription's currency at the new plan's price (decision 054), else
 * the price inline on the product the subscription already has.
 */
export function switchedItem(request: PlanChangeRequest, product: string, mapped: MappedPrice | null = null) {
  const { target } = request;
  if (mapped && chargesExactly(mapped, request.currency.toLowerCase(), target.amountMinor, target.months)) {
    return { price: mapped.id };
  }
  return {
    price_data: {
      currency: request.currency.toLowerCase(),
      product,
      unit_amount: target.amountMinor,
      recurring: { interval: "month" as const, interval_count: target.months },
    },
  };
}

/** Stripe: Checkout Session in subscription mode; webhooks verified by the SDK (Stripe-Signature). */
export function stripeProcessor(options: {
  secretKey: string;
  webhookSecret: string;
  environment: "live" | "test";
  /** An SDK client of the caller's (tests point one at a local fake of Stripe's API). */
  client?: Stripe;
}): PaymentProcessor {
  const stripe = options.client ?? new Stripe(options.secretKey);

  /** The subscription's item and product, which a switch replaces (one item per subscription). */
  /** The operator's mapped price read back with its other currencies' amounts; null when none is mapped. */
  const mappedPrice = async (priceId: string | undefined): Promise<MappedPrice | null> =>
    priceId ? await stripe.prices.retrieve(priceId, { expand: ["currency_options"] }) : null;
  const itemOf = async (subscriptionRef: string) => {
    const subscription = await stripe.subscriptions.retrieve(subscriptionRef);
    const item = subscription.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${subscriptionRef} has no item`);
    return { subscription, item, product: idOf(item.price.product) ?? "" };
  };

  return {
    name: "stripe",
    environment: options.environment,
    async createPurchase(request) {
      const metadata = { order_id: request.orderId, plan_id: request.planId };
      const discounts = request.discount
        ? [{ coupon: (await stripeCoupon(stripe, request, request.discount)).id }]
        : undefined;
      // The operator's price, with its other currencies' amounts, to charge the buyer's currency.
      const mapped = await mappedPrice(request.productId);
      const { lineItem, currency } = stripeLineItem(request, mapped);
      const session = await stripe.checkout.sessions.create({
        discounts,
        mode: "subscription",
        line_items: [lineItem],
        ...(currency ? { currency } : {}),
        customer_email: request.email || undefined,
        client_reference_id: request.orderId,
        success_url: request.returnUrl,
        cancel_url: request.cancelUrl,
        metadata,
        subscription_data: { metadata },
      });
      if (!session.url) throw new Error(`Stripe created Checkout Session ${session.id} without a URL`);
      return { webUrl: session.url, reference: session.id };
    },
    async lookupEvents(order) {
      if (!order.reference) return [];
      const session = await stripe.checkout.sessions.retrieve(order.reference, {
        expand: ["subscription.latest_invoice"],
      });
      if (session.status === "expired") {
        return [
          {
            eventId: `reconcile_${session.id}_expired`,
            orderId: order.id,
            subscriptionRef: `checkout_${session.id}`,
            environment: session.livemode ? "live" : "test",
            event: { type: "abandoned", at: at(session.created) },
          },
        ];
      }
      const subscription = session.subscription as Stripe.Subscription | string | null;
      const invoice = typeof subscription === "object" ? subscription?.latest_invoice : null;
      if (session.status !== "complete" || !invoice || typeof invoice !== "object" || invoice.status !== "paid") {
        return [];
      }
      // The paid invoice, read back, is what invoice.paid would have said: the same mapping applies.
      const mapped = mapStripeEvent({
        id: `reconcile_${invoice.id}`,
        type: "invoice.paid",
        created: invoice.status_transitions?.paid_at ?? invoice.created,
        livemode: session.livemode,
        data: { object: invoice },
      });
      return mapped === "ignored" ? [] : [mapped];
    },
    async parseWebhook(rawBody, headers) {
      let event: Parameters<typeof mapStripeEvent>[0];
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          headers.get("stripe-signature") ?? "",
          options.webhookSecret,
        ) as unknown as Parameters<typeof mapStripeEvent>[0];
      } catch {
        return null;
      }
      if (!CHARGE_EVENTS.has(event.type)) return mapStripeEvent(event);
      // The invoice the charge paid names the order. Not reachable: the error answers 500 and
      // Stripe delivers the event again later.
      const paymentIntent = idOf((event.data.object as Obj).payment_intent);
      if (!paymentIntent) return "ignored";
      const payments = await stripe.invoicePayments.list({
        payment: { type: "payment_intent", payment_intent: paymentIntent },
        expand: ["data.invoice"],
        limit: 1,
      });
      const invoice = payments.data[0]?.invoice;
      return mapStripeChargeEvent(event, invoice && typeof invoice === "object" ? (invoice as unknown as Obj) : null);
    },
    async cancelSubscription(subscriptionRef) {
      const updated = await stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: true });
      return { renewalOff: updated.cancel_at_period_end || updated.status === "canceled" };
    },
    async resumeSubscription(subscriptionRef) {
      await stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: false });
    },
    async refundPurchase(request) {
      if (!request.reference) throw new Error(`order ${request.orderId} has no Checkout Session`);
      // The purchase is the invoice its Checkout Session created; the refund goes to its payment.
      const session = await stripe.checkout.sessions.retrieve(request.reference);
      const invoiceId = idOf(session.invoice);
      if (!invoiceId) throw new Error(`Checkout Session ${session.id} has no invoice`);
      const payments = await stripe.invoicePayments.list({ invoice: invoiceId, status: "paid", limit: 1 });
      const paymentIntent = idOf(payments.data[0]?.payment.payment_intent);
      if (!paymentIntent) throw new Error(`invoice ${invoiceId} has no paid payment`);
      // One refund per order, however often it is asked for (a double click, a retry).
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, reason: "requested_by_customer", metadata: { order_id: request.orderId } },
        { idempotencyKey: `refund_${request.orderId}` },
      );
      if (refund.status === "failed" || refund.status === "canceled") {
        throw new Error(`Stripe refund ${refund.id} is ${refund.status}`);
      }
      // Refunded: the subscription must not charge again. The money is back either way, so a failure
      // here does not undo the answer (its customer.subscription.deleted would follow the cancel).
      await stripe.subscriptions.cancel(request.subscriptionRef).catch(() => undefined);
      return "refunded";
    },
    async paymentMethodUrl(request) {
      // The customer portal: a session for the subscription's customer, valid a few minutes.
      const subscription = await stripe.subscriptions.retrieve(request.subscriptionRef);
      const customer = idOf(subscription.customer);
      if (!customer) throw new Error(`Stripe subscription ${subscription.id} has no customer`);
      const session = await stripe.billingPortal.sessions.create({ customer, return_url: request.returnUrl });
      return session.url;
    },
    async previewPlanChange(request) {
      if (request.timing === "at_renewal") {
        // The renewal charges the new plan's price (from a subscription schedule's next phase).
        return {
          amountDueMinor: request.target.amountMinor,
          currency: request.currency,
          effectiveAt: request.current.periodEnd,
          periodEnd: null,
        };
      }
      const { item, product } = await itemOf(request.subscriptionRef);
      const mapped = await mappedPrice(request.target.productId);
      const now = Math.floor(request.prorationDate.getTime() / 1000);
      const preview = await stripe.invoices.createPreview({
        subscription: request.subscriptionRef,
        subscription_details: {
          items: [{ id: item.id, ...switchedItem(request, product, mapped) }],
          proration_behavior: "always_invoice",
          proration_date: now,
        },
      });
      const charge = invoiceCharge(preview as unknown as Obj);
      const periodEnd = Math.max(...preview.lines.data.map((line) => line.period.end));
      return {
        amountDueMinor: Math.max(0, charge.amountMinor),
        currency: charge.currency || request.currency,
        effectiveAt: at(now),
        periodEnd: at(periodEnd),
      };
    },
    async changePlan(request) {
      const { subscription, item, product } = await itemOf(request.subscriptionRef);
      const mapped = await mappedPrice(request.target.productId);
      const metadata = { ...subscription.metadata, plan_id: request.target.planId };
      if (request.timing === "now") {
        // Prorated and invoiced at once; refused (and nothing changed) when the payment fails.
        const updated = await stripe.subscriptions.update(request.subscriptionRef, {
          items: [{ id: item.id, ...switchedItem(request, product, mapped) }],
          proration_behavior: "always_invoice",
          proration_date: Math.floor(request.prorationDate.getTime() / 1000),
          payment_behavior: "error_if_incomplete",
          metadata,
          expand: ["latest_invoice"],
        });
        const invoice = updated.latest_invoice as Stripe.Invoice | string | null;
        const charged = invoice && typeof invoice === "object" ? invoiceCharge(invoice as unknown as Obj) : null;
        const periodEnd = updated.items.data[0]?.current_period_end ?? item.current_period_end;
        return {
          amountDueMinor: Math.max(0, charged?.amountMinor ?? 0),
          currency: charged?.currency || request.currency,
          effectiveAt: new Date(),
          periodEnd: at(periodEnd),
          reference: idOf(invoice) ?? null,
        };
      }
      // At the renewal: a subscription schedule whose next phase is the new plan, released after it.
      const scheduleId =
        idOf(subscription.schedule) ??
        (await stripe.subscriptionSchedules.create({ from_subscription: request.subscriptionRef })).id;
      const schedule = await stripe.subscriptionSchedules.update(scheduleId, {
        end_behavior: "release",
        phases: [
          {
            items: [{ price: item.price.id, quantity: 1 }],
            start_date: item.current_period_start,
            end_date: item.current_period_end,
          },
          {
            items: [{ ...switchedItem(request, product, mapped), quantity: 1 }],
            metadata,
            proration_behavior: "none",
          },
        ],
      });
      return {
        amountDueMinor: request.target.amountMinor,
        currency: request.currency,
        effectiveAt: at(item.current_period_end),
        periodEnd: null,
        reference: schedule.id,
      };
    },
    async cancelPlanChange(request) {
      // Releasing the schedule leaves the subscription renewing on its current plan.
      const { subscription } = await itemOf(request.subscriptionRef);
      const scheduleId = idOf(subscription.schedule);
      if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId);
    },
  };
}
