import type { Agent } from "node:https";
import {
  ApplicationContextUserAction,
  type BillingCycleOverride,
  CaptureStatus,
  Client,
  Environment,
  ExperienceContextShippingPreference,
  IntervalUnit,
  type Money,
  type OAuthToken,
  PaymentsController,
  PlanRequestStatus,
  type Subscription,
  SubscriptionPlanStatus,
  SubscriptionsController,
  TenureType,
} from "@paypal/paypal-server-sdk";
import type { PaymentEnvironment, PaymentProcessor, ProviderEvent, PurchaseRequest } from "./payment-provider";

type Obj = Record<string, unknown>;
const str = (value: unknown) => (typeof value === "string" && value ? value : undefined);

/** Currencies PayPal takes without decimals (its currency codes page); every other one has two. */
const ZERO_DECIMAL = new Set(["HUF", "JPY", "TWD"]);

/** Minor units as PayPal's decimal string ("47.88"). */
export function paypalValue(amountMinor: number, currency: string): string {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? String(amountMinor) : (amountMinor / 100).toFixed(2);
}

/** PayPal's decimal string back to minor units (NaN when it is not a number). */
export function minorOf(value: unknown, currency: string): number {
  const amount = Number(value);
  if (typeof value !== "string" || value.trim() === "" || !Number.isFinite(amount)) return Number.NaN;
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? Math.round(amount) : Math.round(amount * 100);
}

/** A plan's period as PayPal's billing frequency: months up to 12 (its limit), whole years beyond. */
export function paypalFrequency(months: number): { intervalUnit: IntervalUnit; intervalCount: number } {
  if (months <= 12) return { intervalUnit: IntervalUnit.Month, intervalCount: months };
  if (months % 12 === 0) return { intervalUnit: IntervalUnit.Year, intervalCount: months / 12 };
  throw new Error(`PayPal bills every 1-12 months or whole years: a ${months}-month plan needs a PayPal plan id`);
}

/** The key a created PayPal plan carries in its description, to be found again after a restart. */
export const planKey = (request: Pick<PurchaseRequest, "planId" | "currency" | "months">) =>
  `veilport:${request.planId}:${request.currency.toUpperCase()}:${request.months}`;

/** The catalogue product the site's PayPal plans belong to (PayPal lets the caller choose its id). */
export const PAYPAL_PRODUCT_ID = "VEILPORT-VPN";

/**
 * The PayPal REST calls the SDK has no controller for (catalog products, webhook verification),
 * built with the SDK's own request builder: the same base URL, OAuth token, retries and errors.
 */
class RestController {
  private readonly createRequest: ReturnType<Client["getRequestBuilderFactory"]>;
  constructor(client: Client) {
    this.createRequest = client.getRequestBuilderFactory();
  }

  async send(method: "GET" | "POST", path: string, body?: string): Promise<{ status: number; json: Obj }> {
    const request = this.createRequest(method, path);
    if (body !== undefined) {
      request.header("Content-Type", "application/json");
      request.text(body);
    }
    request.authenticate([{ oauth2: true }]);
    // Every status comes back as it is (a 404 product is "not created yet", not an error).
    request.validateResponse(false);
    const response = await request.callAsText();
    let json: Obj = {};
    try {
      json = response.result ? (JSON.parse(response.result) as Obj) : {};
    } catch {
      json = {};
    }
    return { status: response.statusCode, json };
  }
}

/** The headers PayPal signs a webhook delivery with; all are needed to verify it. */
const SIGNATURE_HEADERS = {
  auth_algo: "paypal-auth-algo",
  cert_url: "paypal-cert-url",
  transmission_id: "paypal-transmission-id",
  transmission_sig: "paypal-transmission-sig",
  transmission_time: "paypal-transmission-time",
} as const;

/** What a verified subscription webhook means for us, before the subscription is read (payments). */
export function paypalEventKind(
  eventType: string,
):
  | "payment"
  | "refund"
  | "ignored"
  | Exclude<ProviderEvent["event"]["type"], "payment_succeeded" | "declined" | "abandoned" | "refunded">
  | "reversed" {
  switch (eventType) {
    case "PAYMENT.SALE.COMPLETED":
      return "payment";
    case "PAYMENT.SALE.REVERSED":
      return "reversed";
    case "PAYMENT.SALE.REFUNDED":
      return "refund";
    case "BILLING.SUBSCRIPTION.PAYMENT.FAILED":
      return "payment_failed";
    // Renewal off: our own cancellation (a suspension), a customer's in their PayPal account, or
    // PayPal's after too many failed payments. The paid period runs to its end either way.
    case "BILLING.SUBSCRIPTION.SUSPENDED":
    case "BILLING.SUBSCRIPTION.CANCELLED":
      return "canceled";
    case "BILLING.SUBSCRIPTION.ACTIVATED":
    case "BILLING.SUBSCRIPTION.RE-ACTIVATED":
      return "resumed";
    case "BILLING.SUBSCRIPTION.EXPIRED":
      return "expired";
    default:
      return "ignored";
  }
}

/** Subscription states in which PayPal still bills at the next billing time. */
const RENEWING = new Set(["ACTIVE"]);

/** The SDK's OAuth client with a token provider that never stores a failed fetch (see decision 049). */
export function paypalClient(options: {
  clientId: string;
  clientSecret: string;
  environment: "live" | "test";
  httpsAgent?: Agent;
}) {
  return new Client({
    environment: options.environment === "live" ? Environment.Production : Environment.Sandbox,
    timeout: 20_000,
    clientCredentialsAuthCredentials: {
      oAuthClientId: options.clientId,
      oAuthClientSecret: options.clientSecret,
      // The SDK keeps the last token fetch's promise for every later call: a rejected one (PayPal
      // unreachable once) would fail them all until restart. An expired empty token fails this
      // call only; the next one fetches again.
      oAuthTokenProvider: (_last, manager) =>
        manager.fetchToken().catch((): OAuthToken => ({ accessToken: "", tokenType: "Bearer", expiry: 0n })),
    },
    ...(options.httpsAgent ? { httpClientOptions: { httpsAgent: options.httpsAgent } } : {}),
  });
}

/**
 * PayPal subscriptions through its official server SDK (@paypal/paypal-server-sdk): a PayPal plan
 * per plan of ours, currency and period (created on demand), the order's price as the
 * subscription's inline plan override, the buyer approving on PayPal's page; webhooks verified by
 * PayPal's verify-webhook-signature API. Decision 049.
 */
export function paypalProcessor(options: {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  environment: "live" | "test";
  /** The HTTPS agent of the SDK's requests (tests route its connections to a local fake of PayPal's API). */
  httpsAgent?: Agent;
}): PaymentProcessor {
  const client = paypalClient(options);
  const subscriptions = new SubscriptionsController(client);
  const payments = new PaymentsController(client);
  const rest = new RestController(client);
  const environment: PaymentEnvironment = options.environment;
  const plans = new Map<string, Promise<string>>();

  const getSubscription = async (id: string) => (await subscriptions.getSubscription({ id })).result;

  async function ensureProduct(): Promise<void> {
    const found = await rest.send("GET", `/v1/catalogs/products/${PAYPAL_PRODUCT_ID}`);
    if (found.status === 200) return;
    if (found.status !== 404) throw new Error(`PayPal answered ${found.status} for the catalog product`);
    const created = await rest.send(
      "POST",
      "/v1/catalogs/products",
      JSON.stringify({ id: PAYPAL_PRODUCT_ID, name: "VPN subscription", type: "SERVICE", category: "SOFTWARE" }),
    );
    // 422 DUPLICATE_RESOURCE_IDENTIFIER: another process created it in between.
    if (created.status !== 201 && created.status !== 200 && created.status !== 422) {
      throw new Error(`PayPal answered ${created.status} creating the catalog product`);
    }
  }

  /** The PayPal plan of one of our plans in a currency: found by its key, else created (once per process). */
  async function findOrCreatePlan(request: PurchaseRequest): Promise<string> {
    const key = planKey(request);
    await ensureProduct();
    for (let page = 1; page <= 50; page += 1) {
      // The full representation: PayPal's minimal one lists no status.
      const { result } = await subscriptions.listBillingPlans({
        productId: PAYPAL_PRODUCT_ID,
        pageSize: 20,
        page,
        prefer: "return=representation",
      });
      const match = result.plans?.find(
        (plan) => plan.description === key && plan.status === SubscriptionPlanStatus.Active,
      );
      if (match?.id) return match.id;
      if ((result.plans?.length ?? 0) < 20) break;
    }
    const { result } = await subscriptions.createBillingPlan({
      paypalRequestId: key,
      body: {
        productId: PAYPAL_PRODUCT_ID,
        name: request.planName.slice(0, 127),
        description: key,
        status: PlanRequestStatus.Active,
        billingCycles: [
          {
            frequency: paypalFrequency(request.months),
            tenureType: TenureType.Regular,
            sequence: 1,
            totalCycles: 0,
            pricingScheme: {
              fixedPrice: {
                value: paypalValue(request.amountMinor + (request.discount?.amountOffMinor ?? 0), request.currency),
                currencyCode: request.currency.toUpperCase(),
              },
            },
          },
        ],
        paymentPreferences: { autoBillOutstanding: true, paymentFailureThreshold: 3 },
      },
    });
    if (!result.id) throw new Error("PayPal created a plan without an id");
    return result.id;
  }

  function planFor(request: PurchaseRequest): Promise<string> {
    const key = planKey(request);
    let plan = plans.get(key);
    if (!plan) {
      plan = findOrCreatePlan(request);
      plans.set(key, plan);
      // A failure is not remembered: the next purchase asks again.
      plan.catch(() => plans.delete(key));
    }
    return plan;
  }

  /** The subscription's paid period end: PayPal's next billing time, else the payment plus its plan's period. */
  async function periodEndOf(subscription: Subscription, paidAt: Date): Promise<Date | null> {
    const next = subscription.billingInfo?.nextBillingTime;
    if (next && new Date(next) > paidAt) return new Date(next);
    if (!subscription.planId) return null;
    const { result: plan } = await subscriptions.getBillingPlan(subscription.planId);
    const cycle = plan.billingCycles?.find((entry) => entry.tenureType === TenureType.Regular);
    if (!cycle) return null;
    const end = new Date(paidAt);
    const count = cycle.frequency.intervalCount ?? 1;
    if (cycle.frequency.intervalUnit === IntervalUnit.Year) end.setUTCFullYear(end.getUTCFullYear() + count);
    else if (cycle.frequency.intervalUnit === IntervalUnit.Month) end.setUTCMonth(end.getUTCMonth() + count);
    else return null;
    return end;
  }

  /** A payment on a subscription, in our terms (the order is the subscription's custom_id). */
  async function paymentEvent(
    eventId: string,
    subscription: Subscription,
    paid: { at: Date; amount: Money },
  ): Promise<ProviderEvent | null> {
    const orderId = str(subscription.customId);
    const periodEnd = await periodEndOf(subscription, paid.at);
    if (!orderId || !subscription.id || !periodEnd) return null;
    const currency = paid.amount.currencyCode.toUpperCase();
    return {
      eventId,
      orderId,
      subscriptionRef: subscription.id,
      environment,
      charge: { amountMinor: minorOf(paid.amount.value, currency), currency },
      event: { type: "payment_succeeded", at: paid.at, periodEnd },
    };
  }

  /** A subscription's payments (PayPal captures), from a day before it was created until now. */
  async function transactionsOf(subscriptionRef: string, subscription?: Subscription) {
    const created = (subscription ?? (await getSubscription(subscriptionRef))).createTime;
    const from = new Date(new Date(created ?? 0).getTime() - 86_400_000);
    const { result } = await subscriptions.listSubscriptionTransactions({
      id: subscriptionRef,
      startTime: from.toISOString(),
      endTime: new Date(Date.now() + 60_000).toISOString(),
    });
    return result.transactions ?? [];
  }

  async function verified(rawBody: string, headers: Headers): Promise<boolean> {
    const signature: Record<string, string> = {};
    for (const [field, header] of Object.entries(SIGNATURE_HEADERS)) {
      const value = headers.get(header);
      if (!value) return false;
      signature[field] = value;
    }
    // The event goes back byte for byte as PayPal sent it (re-serialising can change what it signed).
    const body = `{${Object.entries({ ...signature, webhook_id: options.webhookId })
      .map(([field, value]) => `${JSON.stringify(field)}:${JSON.stringify(value)}`)
      .join(",")},"webhook_event":${rawBody}}`;
    const answer = await rest.send("POST", "/v1/notifications/verify-webhook-signature", body);
    return answer.status === 200 && answer.json.verification_status === "SUCCESS";
  }

  return {
    name: "paypal",
    environment,
    planChanges: false,
    async createPurchase(request) {
      const currency = request.currency.toUpperCase();
      const planId = request.productId ?? (await planFor(request));
      // The order's own price (after a coupon) as the subscription's override of the plan's price:
      // every payment is what the order was created for, whatever the plan said.
      const override: BillingCycleOverride = {
        sequence: 1,
        pricingScheme: { fixedPrice: { value: paypalValue(request.amountMinor, currency), currencyCode: currency } },
      };
      const { result } = await subscriptions.createSubscription({
        paypalRequestId: `veilport-${request.orderId}`,
        prefer: "return=representation",
        body: {
          planId,
          customId: request.orderId,
          subscriber: { emailAddress: request.email },
          ...(request.productId && !request.discount ? {} : { plan: { billingCycles: [override] } }),
          applicationContext: {
            returnUrl: request.returnUrl,
            cancelUrl: request.cancelUrl,
            userAction: ApplicationContextUserAction.SubscribeNow,
            shippingPreference: ExperienceContextShippingPreference.NoShipping,
          },
        },
      });
      const approve = result.links?.find((link) => link.rel === "approve")?.href;
      if (!result.id || !approve) throw new Error(`PayPal created subscription ${result.id} without an approval link`);
      return { webUrl: approve, reference: result.id };
    },
    async lookupEvents(order) {
      if (!order.reference) return [];
      const subscription = await getSubscription(order.reference);
      const last = subscription.billingInfo?.lastPayment;
      if (!last?.amount || !last.time) return [];
      if (str(subscription.customId) !== order.id) return [];
      const event = await paymentEvent(`reconcile_${order.reference}_${last.time}`, subscription, {
        at: new Date(last.time),
        amount: last.amount,
      });
      return event ? [event] : [];
    },
    async parseWebhook(rawBody, headers) {
      let event: Obj;
      try {
        event = JSON.parse(rawBody) as Obj;
        if (!(await verified(rawBody, headers))) return null;
      } catch {
        return null;
      }
      const eventId = str(event.id);
      const resource = (event.resource ?? {}) as Obj;
      const kind = paypalEventKind(String(event.event_type ?? ""));
      const at = new Date(str(event.create_time) ?? Date.now());
      if (!eventId || kind === "ignored") return "ignored";
      if (kind === "payment" || kind === "reversed" || kind === "refund") {
        const subscriptionRef = str(resource.billing_agreement_id);
        if (!subscriptionRef) return "ignored";
        const ended = { eventId, orderId: "", subscriptionRef, environment, event: { type: "refunded" as const, at } };
        // A chargeback takes the whole payment back: access ends (the order is the subscription's).
        if (kind === "reversed") return ended;
        if (kind === "refund") {
          // A refund made in PayPal's dashboard ends access only when it took the whole payment
          // back: PayPal's own status of the refunded capture says so (a partial one keeps it).
          const saleId = str(resource.sale_id);
          const sale = saleId
            ? (await transactionsOf(subscriptionRef)).find((entry) => entry.id === saleId)
            : undefined;
          return sale?.status === CaptureStatus.Refunded ? ended : "ignored";
        }
        const amount = (resource.amount ?? {}) as Obj;
        const currency = String(amount.currency ?? "").toUpperCase();
        // Before tax, as the order was created (PayPal adds a plan's tax on top of its subtotal).
        const value = str((amount.details as Obj | undefined)?.subtotal) ?? str(amount.total);
        const subscription = await getSubscription(subscriptionRef);
        const mapped = await paymentEvent(eventId, subscription, {
          at: new Date(str(resource.create_time) ?? at.toISOString()),
          amount: { currencyCode: currency, value: value ?? "" },
        });
        return mapped ?? "ignored";
      }
      const subscriptionRef = str(resource.id);
      const orderId = str(resource.custom_id);
      if (!subscriptionRef || !orderId) return "ignored";
      return { eventId, orderId, subscriptionRef, environment, event: { type: kind, at } };
    },
    async cancelSubscription(subscriptionRef) {
      // A suspension, not PayPal's cancellation: PayPal cannot undo a cancellation, and a suspended
      // subscription bills no more until it is activated again (resumeSubscription).
      const before = await getSubscription(subscriptionRef);
      if (before.status && RENEWING.has(before.status)) {
        await subscriptions.suspendSubscription({
          id: subscriptionRef,
          body: { reason: "Automatic renewal turned off by the customer" },
        });
      }
      const after = await getSubscription(subscriptionRef);
      return { renewalOff: !after.status || !RENEWING.has(after.status) };
    },
    async resumeSubscription(subscriptionRef) {
      const subscription = await getSubscription(subscriptionRef);
      if (subscription.status === "ACTIVE") return;
      if (subscription.status !== "SUSPENDED") {
        throw new Error(`PayPal cannot reactivate a ${subscription.status ?? "missing"} subscription`);
      }
      await subscriptions.activateSubscription({
        id: subscriptionRef,
        body: { reason: "Automatic renewal turned back on by the customer" },
      });
    },
    async refundPurchase(request) {
      // The subscription's first payment (a PayPal capture): refunded in full, then the subscription
      // cancelled for good so that nothing more is charged.
      const paid = (await transactionsOf(request.subscriptionRef))
        .filter((transaction) => transaction.status === CaptureStatus.Completed)
        .sort((a, b) => a.time.localeCompare(b.time))[0];
      if (!paid) throw new Error(`PayPal lists no completed payment of ${request.subscriptionRef}`);
      const { result: refund } = await payments.refundCapturedPayment({
        captureId: paid.id,
        paypalRequestId: `veilport-refund-${request.orderId}`,
        body: { noteToPayer: `Money-back request for order ${request.orderId}` },
      });
      if (refund.status !== "COMPLETED" && refund.status !== "PENDING") {
        throw new Error(`PayPal refund ${refund.id} is ${refund.status}`);
      }
      await subscriptions
        .cancelSubscription({ id: request.subscriptionRef, body: { reason: `Refunded: order ${request.orderId}` } })
        .catch(() => undefined);
      return refund.status === "COMPLETED" ? "refunded" : "pending";
    },
    async paymentMethodUrl(request) {
      // PayPal's own page of the subscription in the customer's account, where they change how it
      // is funded; it has no return address. Read first so an unknown one fails here.
      const subscription = await getSubscription(request.subscriptionRef);
      const host = options.environment === "live" ? "www.paypal.com" : "www.sandbox.paypal.com";
      return `https://${host}/myaccount/autopay/connect/${encodeURIComponent(subscription.id ?? request.subscriptionRef)}`;
    },
    async previewPlanChange() {
      throw new PlanChangeUnsupported();
    },
    async changePlan() {
      throw new PlanChangeUnsupported();
    },
    async cancelPlanChange() {
      throw new PlanChangeUnsupported();
    },
  };
}

/**
 * PayPal's revise needs the buyer to approve the new price on PayPal's page and takes effect at the
 * next billing cycle, without proration: not what a switch here promises (decision 049).
 */
export class PlanChangeUnsupported extends Error {
  constructor(processor = "PayPal") {
    super(`${processor} subscriptions cannot switch plans here: the customer buys the new plan after this one ends`);
    this.name = "PlanChangeUnsupported";
  }
}
