import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A local HTTP fake of the part of Stripe's API Veilport calls (Checkout Sessions, subscriptions,
 * coupons, invoice payments, refunds; plan switches: invoice previews, subscription item updates
 * with proration, subscription schedules),
 * answering with objects shaped like Stripe's recorded ones. Tests point the official SDK at it
 * (host/port/protocol), so our adapter, the SDK's request encoding and its response handling all
 * run as they do against Stripe. What Stripe's side does on its own (the buyer paying, a session
 * expiring) is driven by the test through `pay` and `expire`.
 */

type Obj = Record<string, unknown>;
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const seconds = () => Math.floor(Date.now() / 1000);
const monthsInSeconds = (months: number) => Math.round(months * 30.44 * 86_400);

export interface StripeFake {
  url: string;
  /** An SDK client aimed at this fake. */
  client(secretKey?: string): Stripe;
  /** Every request the SDK made: method, path, form fields. */
  requests: Array<{ method: string; path: string; form: URLSearchParams }>;
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  coupons: Map<string, Obj>;
  /** The buyer pays on Stripe's page: session complete, subscription and paid invoice created. */
  pay(sessionId: string): { invoice: Obj; subscription: Obj; invoicePaid: Obj };
  /** The session runs out without a payment. */
  expire(sessionId: string): void;
  /** Refunds made through the API, by id. */
  refunds: Map<string, Obj>;
  /**
   * What Stripe sends when a paid session's charge is refunded in the dashboard (in full, or a part)
   * or disputed by the cardholder's bank: the event, for the test to sign and deliver.
   */
  chargeEvent(sessionId: string, type: "charge.refunded" | "charge.dispute.created", partial?: boolean): Obj;
  /** Subscription schedules (a plan switch at the renewal), by id. */
  schedules: Map<string, Obj>;
  /**
   * Prices in the operator's Stripe catalogue (made in the dashboard): a currency and amount, other
   * currencies' amounts as `currency_options`, a recurring interval in months. Answers the price.
   */
  addPrice(price: {
    currency: string;
    unitAmount: number;
    months: number;
    currencyOptions?: Record<string, number>;
  }): Obj;
  /** The next request is answered with this Stripe error (402 card_declined, 500 api_error, …). */
  failNext(status: number, type?: string, message?: string): void;
  close(): Promise<void>;
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/** Bracketed form fields (`metadata[order_id]`) of one prefix, as an object. */
function fields(form: URLSearchParams, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) {
    if (key.startsWith(`${prefix}[`)) out[key.slice(prefix.length + 1, -1)] = value;
  }
  return out;
}

export async function startStripeFake(options: { livemode?: boolean } = {}): Promise<StripeFake> {
  const livemode = options.livemode ?? false;
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const coupons = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  /** Invoice payments: which PaymentIntent paid which invoice. */
  const invoicePayments: Obj[] = [];
  const refundsByKey = new Map<string, Obj>();
  const schedules = new Map<string, Obj>();
  const prices = new Map<string, Obj>();

  /**
   * Stripe's proration for a new price with another interval: the unused time of the current item
   * is credited at its price, the new price's period starts now and is invoiced in full.
   */
  const prorate = (subscription: Obj, form: URLSearchParams, prefix: string, prorationDateKey: string) => {
    const item = ((subscription.items as Obj).data as Obj[])[0] as Obj;
    const price = item.price as Obj;
    const now = seconds();
    // proration_date: the credit is computed as of that moment (so a switch charges what its preview showed).
    const prorationDate = Number(form.get(prorationDateKey) ?? now);
    const start = Number(item.current_period_start);
    const end = Number(item.current_period_end);
    const unused = Math.max(0, Math.min(end - prorationDate, end - start));
    const credit = end > start ? Math.floor((Number(price.unit_amount) * unused) / (end - start)) : 0;
    const amount = Number(form.get(`${prefix}[price_data][unit_amount]`) ?? 0);
    const months = Number(form.get(`${prefix}[price_data][recurring][interval_count]`) ?? 1);
    const periodEnd = now + monthsInSeconds(months);
    return {
      newPrice: {
        id: id("price"),
        object: "price",
        product: form.get(`${prefix}[price_data][product]`) ?? price.product,
        unit_amount: amount,
        currency: form.get(`${prefix}[price_data][currency]`) ?? price.currency,
        recurring: { interval: "month", interval_count: months },
      },
      invoice: {
        id: id("in"),
        object: "invoice",
        livemode,
        status: "paid",
        currency: price.currency,
        subtotal: amount - credit,
        total: amount - credit,
        total_discount_amounts: [],
        amount_paid: amount - credit,
        created: now,
        billing_reason: "subscription_update",
        status_transitions: { paid_at: now },
        parent: {
          type: "subscription_details",
          subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
        },
        lines: {
          object: "list",
          data: [
            { object: "line_item", amount: -credit, period: { start: now, end } },
            { object: "line_item", amount, period: { start: now, end: periodEnd } },
          ],
        },
      } as Obj,
      now,
      periodEnd,
    };
  };
  const requests: StripeFake["requests"] = [];
  let failure: { status: number; type: string; message: string } | null = null;

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
    response.end(JSON.stringify(body));
  };
  const notFound = (response: ServerResponse, what: string) =>
    send(response, 404, {
      error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` },
    });

  const createSession = (form: URLSearchParams): Obj | null => {
    const sessionId = id(livemode ? "cs_live" : "cs_test");
    // A catalogue price: charged in the session's currency (one of its currency options) or its own.
    const priceId = form.get("line_items[0][price]");
    const price = priceId ? prices.get(priceId) : undefined;
    if (priceId && !price) return null;
    const priceCurrency = String(form.get("currency") ?? price?.currency ?? "");
    const option = price
      ? priceCurrency === price.currency
        ? { unit_amount: price.unit_amount }
        : (price.currency_options as Record<string, Obj>)[priceCurrency]
      : undefined;
    if (price && !option) return null;
    const unitAmount = price
      ? Number(option?.unit_amount)
      : Number(form.get("line_items[0][price_data][unit_amount]") ?? 0);
    const couponId = form.get("discounts[0][coupon]");
    const coupon = couponId ? coupons.get(couponId) : undefined;
    if (couponId && !coupon) return null;
    const discount = !coupon
      ? 0
      : coupon.amount_off !== null
        ? Number(coupon.amount_off)
        : Math.round((unitAmount * Number(coupon.percent_off)) / 100);
    const session: Obj = {
      id: sessionId,
      object: "checkout.session",
      livemode,
      mode: form.get("mode"),
      status: "open",
      payment_status: "unpaid",
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
      success_url: form.get("success_url"),
      cancel_url: form.get("cancel_url"),
      client_reference_id: form.get("client_reference_id"),
      customer_email: form.get("customer_email"),
      currency: price ? priceCurrency : form.get("line_items[0][price_data][currency]"),
      amount_subtotal: unitAmount,
      amount_total: unitAmount - discount,
      total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
      discounts: coupon ? [{ coupon: coupon.id, promotion_code: null }] : [],
      metadata: fields(form, "metadata"),
      subscription: null,
      created: seconds(),
      expires_at: seconds() + 24 * 3600,
      // Kept for `pay`: what Stripe would copy onto the subscription and its invoices.
      _subscription_metadata: fields(form, "subscription_data[metadata]"),
      _interval_count: price
        ? Number((price.recurring as Obj).interval_count)
        : Number(form.get("line_items[0][price_data][recurring][interval_count]") ?? 1),
    };
    sessions.set(sessionId, session);
    return session;
  };

  const publicSession = (session: Obj, expandInvoice: boolean): Obj => {
    const { _subscription_metadata, _interval_count, ...visible } = session;
    const subscriptionId = session.subscription as string | null;
    if (!subscriptionId) return visible;
    const subscription = { ...subscriptions.get(subscriptionId) };
    if (expandInvoice) subscription.latest_invoice = invoices.get(String(subscription.latest_invoice));
    return { ...visible, subscription };
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const form = await readForm(request);
    requests.push({ method: request.method ?? "", path: url.pathname, form });
    if (failure) {
      const { status, type, message } = failure;
      failure = null;
      return send(response, status, { error: { type, message } });
    }
    const path = url.pathname.split("/").filter(Boolean);
    if (request.method === "POST" && url.pathname === "/v1/coupons") {
      const coupon: Obj = {
        id: randomBytes(6).toString("hex"),
        object: "coupon",
        livemode,
        amount_off: form.has("amount_off") ? Number(form.get("amount_off")) : null,
        percent_off: form.has("percent_off") ? Number(form.get("percent_off")) : null,
        currency: form.get("currency"),
        duration: form.get("duration") ?? "once",
        max_redemptions: form.has("max_redemptions") ? Number(form.get("max_redemptions")) : null,
        name: form.get("name"),
        metadata: fields(form, "metadata"),
        times_redeemed: 0,
        valid: true,
        created: seconds(),
      };
      if (coupon.amount_off !== null && !coupon.currency) {
        return send(response, 400, { error: { type: "invalid_request_error", message: "Missing currency" } });
      }
      coupons.set(String(coupon.id), coupon);
      return send(response, 200, coupon);
    }
    if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const session = createSession(form);
      if (!session) {
        const priceId = form.get("line_items[0][price]");
        if (priceId && !prices.has(priceId)) return notFound(response, `price: '${priceId}'`);
        if (priceId) {
          return send(response, 400, {
            error: {
              type: "invalid_request_error",
              message: `The price specified does not support currency ${form.get("currency")}`,
            },
          });
        }
        return notFound(response, `coupon: '${form.get("discounts[0][coupon]")}'`);
      }
      return send(response, 200, publicSession(session, false));
    }
    if (request.method === "GET" && path[0] === "v1" && path[1] === "checkout" && path[2] === "sessions" && path[3]) {
      const session = sessions.get(path[3]);
      if (!session) return notFound(response, `checkout.session: '${path[3]}'`);
      const expand = [...url.searchParams.entries()].some(
        ([key, value]) => key.startsWith("expand") && value === "subscription.latest_invoice",
      );
      return send(response, 200, publicSession(session, expand));
    }
    if (request.method === "GET" && path[0] === "v1" && path[1] === "prices" && path[2]) {
      const price = prices.get(path[2]);
      if (!price) return notFound(response, `price: '${path[2]}'`);
      // currency_options is includable only: answered when asked for with expand[].
      const expand = [...url.searchParams.entries()].some(
        ([key, value]) => key.startsWith("expand") && value === "currency_options",
      );
      const { currency_options, ...plain } = price;
      return send(response, 200, expand ? price : plain);
    }
    if (request.method === "GET" && url.pathname === "/v1/invoice_payments") {
      const invoice = url.searchParams.get("invoice");
      const intent = url.searchParams.get("payment[payment_intent]");
      const expandInvoice = [...url.searchParams.entries()].some(
        ([key, value]) => key.startsWith("expand") && value === "data.invoice",
      );
      const data = invoicePayments
        .filter((row) => (invoice ? row.invoice === invoice : true))
        .filter((row) => (intent ? (row.payment as Obj).payment_intent === intent : true))
        .map((row) => (expandInvoice ? { ...row, invoice: invoices.get(String(row.invoice)) } : row));
      return send(response, 200, { object: "list", data, has_more: false, url: "/v1/invoice_payments" });
    }
    if (request.method === "POST" && url.pathname === "/v1/refunds") {
      // Stripe answers a repeated Idempotency-Key with the first answer.
      const key = String(request.headers["idempotency-key"] ?? "");
      const known = key ? refundsByKey.get(key) : undefined;
      if (known) return send(response, 200, known);
      const intent = form.get("payment_intent");
      const paid = invoicePayments.find((row) => (row.payment as Obj).payment_intent === intent);
      if (!paid) return notFound(response, `payment_intent: '${intent}'`);
      if (paid._refunded) {
        return send(response, 400, {
          error: { type: "invalid_request_error", code: "charge_already_refunded", message: "already refunded" },
        });
      }
      paid._refunded = true;
      const refund: Obj = {
        id: id("re"),
        object: "refund",
        amount: paid.amount_paid,
        currency: paid.currency,
        payment_intent: intent,
        reason: form.get("reason"),
        metadata: fields(form, "metadata"),
        status: "succeeded",
        created: seconds(),
      };
      refunds.set(String(refund.id), refund);
      if (key) refundsByKey.set(key, refund);
      return send(response, 200, refund);
    }
    if (request.method === "GET" && path[0] === "v1" && path[1] === "subscriptions" && path[2]) {
      const subscription = subscriptions.get(path[2]);
      if (!subscription) return notFound(response, `subscription: '${path[2]}'`);
      return send(response, 200, subscription);
    }
    if (request.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
      const customer = form.get("customer");
      if (![...subscriptions.values()].some((subscription) => subscription.customer === customer)) {
        return notFound(response, `customer: '${customer}'`);
      }
      const sessionId = id("bps");
      return send(response, 200, {
        id: sessionId,
        object: "billing_portal.session",
        customer,
        livemode,
        locale: null,
        return_url: form.get("return_url"),
        created: seconds(),
        url: `https://billing.stripe.com/p/session/${livemode ? "live" : "test"}_${sessionId}`,
      });
    }
    if (request.method === "DELETE" && path[0] === "v1" && path[1] === "subscriptions" && path[2]) {
      const subscription = subscriptions.get(path[2]);
      if (!subscription) return notFound(response, `subscription: '${path[2]}'`);
      Object.assign(subscription, { status: "canceled", canceled_at: seconds(), ended_at: seconds() });
      return send(response, 200, subscription);
    }
    if (request.method === "GET" && path[0] === "v1" && path[1] === "subscriptions" && path[2]) {
      const subscription = subscriptions.get(path[2]);
      return subscription ? send(response, 200, subscription) : notFound(response, `subscription: '${path[2]}'`);
    }
    if (request.method === "POST" && url.pathname === "/v1/invoices/create_preview") {
      const subscription = subscriptions.get(String(form.get("subscription")));
      if (!subscription) return notFound(response, `subscription: '${form.get("subscription")}'`);
      const { invoice } = prorate(
        subscription,
        form,
        "subscription_details[items][0]",
        "subscription_details[proration_date]",
      );
      return send(response, 200, { ...invoice, id: null, status: "draft", amount_paid: 0 });
    }
    if (request.method === "POST" && path[0] === "v1" && path[1] === "subscriptions" && path[2]) {
      const subscription = subscriptions.get(path[2]);
      if (!subscription) return notFound(response, `subscription: '${path[2]}'`);
      if (form.has("cancel_at_period_end"))
        subscription.cancel_at_period_end = form.get("cancel_at_period_end") === "true";
      if (form.has("items[0][id]")) {
        // A new price now, prorated and invoiced at once (proration_behavior=always_invoice).
        const { newPrice, invoice, now, periodEnd } = prorate(subscription, form, "items[0]", "proration_date");
        const item = ((subscription.items as Obj).data as Obj[])[0] as Obj;
        Object.assign(item, { price: newPrice, current_period_start: now, current_period_end: periodEnd });
        subscription.metadata = { ...(subscription.metadata as Obj), ...fields(form, "metadata") };
        invoices.set(String(invoice.id), invoice);
        invoicePayments.push({
          id: id("inpay"),
          object: "invoice_payment",
          invoice: invoice.id,
          amount_paid: invoice.amount_paid,
          currency: invoice.currency,
          status: "paid",
          created: now,
          payment: { type: "payment_intent", payment_intent: id("pi") },
        });
        subscription.latest_invoice = invoice.id;
        const expand = [...form.entries()].some(
          ([key, value]) => key.startsWith("expand") && value === "latest_invoice",
        );
        return send(response, 200, expand ? { ...subscription, latest_invoice: invoice } : subscription);
      }
      return send(response, 200, subscription);
    }
    if (request.method === "POST" && url.pathname === "/v1/subscription_schedules") {
      const subscription = subscriptions.get(String(form.get("from_subscription")));
      if (!subscription) return notFound(response, `subscription: '${form.get("from_subscription")}'`);
      if (subscription.schedule) {
        return send(response, 400, {
          error: { type: "invalid_request_error", message: "subscription already has a schedule" },
        });
      }
      const item = ((subscription.items as Obj).data as Obj[])[0] as Obj;
      const schedule: Obj = {
        id: id("sub_sched"),
        object: "subscription_schedule",
        livemode,
        status: "active",
        subscription: subscription.id,
        end_behavior: "release",
        phases: [
          {
            start_date: item.current_period_start,
            end_date: item.current_period_end,
            items: [{ price: (item.price as Obj).id, quantity: 1 }],
          },
        ],
        created: seconds(),
      };
      schedules.set(String(schedule.id), schedule);
      subscription.schedule = schedule.id;
      return send(response, 200, schedule);
    }
    if (request.method === "POST" && path[1] === "subscription_schedules" && path[2]) {
      const schedule = schedules.get(path[2]);
      if (!schedule) return notFound(response, `subscription_schedule: '${path[2]}'`);
      if (path[3] === "release") {
        Object.assign(schedule, { status: "released", released_at: seconds() });
        const subscription = subscriptions.get(String(schedule.subscription));
        if (subscription) subscription.schedule = null;
        return send(response, 200, schedule);
      }
      // The phases as sent: what the renewal will bill (phases[1]) is read by the tests.
      const phases: Obj[] = [];
      for (let n = 0; form.has(`phases[${n}][items][0][quantity]`); n++) {
        phases.push({
          start_date: form.has(`phases[${n}][start_date]`) ? Number(form.get(`phases[${n}][start_date]`)) : null,
          end_date: form.has(`phases[${n}][end_date]`) ? Number(form.get(`phases[${n}][end_date]`)) : null,
          items: [
            {
              price: form.get(`phases[${n}][items][0][price]`),
              unit_amount: form.has(`phases[${n}][items][0][price_data][unit_amount]`)
                ? Number(form.get(`phases[${n}][items][0][price_data][unit_amount]`))
                : null,
              interval_count: Number(form.get(`phases[${n}][items][0][price_data][recurring][interval_count]`) ?? 0),
            },
          ],
          metadata: fields(form, `phases[${n}][metadata]`),
        });
      }
      Object.assign(schedule, { phases, end_behavior: form.get("end_behavior") ?? schedule.end_behavior });
      return send(response, 200, schedule);
    }
    return send(response, 404, { error: { type: "invalid_request_error", message: `Unrecognized request URL` } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    client: (secretKey = livemode ? "sk_live_fake" : "sk_test_fake") =>
      new Stripe(secretKey, { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 }),
    requests,
    sessions,
    subscriptions,
    coupons,
    schedules,
    addPrice({ currency, unitAmount, months, currencyOptions = {} }) {
      const price: Obj = {
        id: id("price"),
        object: "price",
        active: true,
        livemode,
        product: id("prod"),
        currency: currency.toLowerCase(),
        unit_amount: unitAmount,
        type: "recurring",
        recurring: { interval: "month", interval_count: months },
        currency_options: Object.fromEntries([
          [currency.toLowerCase(), { unit_amount: unitAmount, tax_behavior: "unspecified" }],
          ...Object.entries(currencyOptions).map(([code, amount]) => [
            code.toLowerCase(),
            { unit_amount: amount, tax_behavior: "unspecified" },
          ]),
        ]),
      };
      prices.set(String(price.id), price);
      return price;
    },
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const now = seconds();
      const subscriptionId = id("sub");
      const invoiceId = id("in");
      const metadata = session._subscription_metadata as Record<string, string>;
      const periodEnd = now + monthsInSeconds(Number(session._interval_count));
      const subscription: Obj = {
        id: subscriptionId,
        object: "subscription",
        livemode,
        status: "active",
        cancel_at_period_end: false,
        // Checkout makes a customer for the buyer's e-mail; the customer portal is opened for it.
        customer: id("cus"),
        metadata,
        latest_invoice: invoiceId,
        created: now,
        schedule: null,
        items: {
          object: "list",
          data: [
            {
              id: id("si"),
              object: "subscription_item",
              quantity: 1,
              current_period_start: now,
              current_period_end: periodEnd,
              price: {
                id: id("price"),
                object: "price",
                product: id("prod"),
                unit_amount: session.amount_subtotal,
                currency: session.currency,
                recurring: { interval: "month", interval_count: session._interval_count },
              },
            },
          ],
        },
      };
      const invoice: Obj = {
        id: invoiceId,
        object: "invoice",
        livemode,
        status: "paid",
        currency: session.currency,
        subtotal: session.amount_subtotal,
        total: session.amount_total,
        // What the session's coupon took off, as Stripe lists it on the invoice.
        total_discount_amounts: (session.discounts as Obj[]).map(() => ({
          amount: (session.total_details as Obj).amount_discount,
          discount: id("di"),
        })),
        amount_paid: session.amount_total,
        created: now,
        status_transitions: { paid_at: now },
        parent: {
          type: "subscription_details",
          subscription_details: { subscription: subscriptionId, metadata },
        },
        lines: { object: "list", data: [{ object: "line_item", period: { start: now, end: periodEnd } }] },
      };
      subscriptions.set(subscriptionId, subscription);
      invoices.set(invoiceId, invoice);
      invoicePayments.push({
        id: id("inpay"),
        object: "invoice_payment",
        invoice: invoiceId,
        amount_paid: session.amount_total,
        amount_requested: session.amount_total,
        currency: session.currency,
        is_default: true,
        livemode,
        status: "paid",
        created: now,
        payment: { type: "payment_intent", payment_intent: id("pi") },
      });
      Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        subscription: subscriptionId,
        invoice: invoiceId,
      });
      const invoicePaid = {
        id: id("evt"),
        object: "event",
        api_version: "2026-10-28.endive",
        livemode,
        created: now,
        type: "invoice.paid",
        data: { object: invoice },
      };
      return { invoice, subscription, invoicePaid };
    },
    refunds,
    chargeEvent(sessionId, type, partial = false) {
      const invoiceId = sessions.get(sessionId)?.invoice;
      const paid = invoicePayments.find((row) => row.invoice === invoiceId);
      if (!paid) throw new Error(`session ${sessionId} is not paid`);
      const intent = (paid.payment as Obj).payment_intent;
      const amount = Number(paid.amount_paid);
      const object =
        type === "charge.refunded"
          ? {
              id: id("ch"),
              object: "charge",
              amount,
              amount_refunded: partial ? Math.floor(amount / 2) : amount,
              refunded: !partial,
              currency: paid.currency,
              livemode,
              payment_intent: intent,
              metadata: {},
            }
          : {
              id: id("dp"),
              object: "dispute",
              amount,
              currency: paid.currency,
              charge: id("ch"),
              payment_intent: intent,
              reason: "fraudulent",
              status: "needs_response",
              livemode,
            };
      return {
        id: id("evt"),
        object: "event",
        api_version: "2026-10-28.endive",
        livemode,
        created: seconds(),
        type,
        data: { object },
      };
    },
    expire(sessionId) {
      const session = sessions.get(sessionId);
      if (session) session.status = "expired";
    },
    failNext(status, type = status >= 500 ? "api_error" : "invalid_request_error", message = "refused by the fake") {
      failure = { status, type, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
