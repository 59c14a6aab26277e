import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP fake of the part of Razorpay's API Veilport calls (plans, subscriptions, invoices,
 * payment refunds), with Razorpay's basic authentication (key id and secret), its entity shapes
 * (unix-second times, minor-unit amounts, `{ error: { code, description } }` bodies). The official
 * SDK reaches it through its axios instance's base URL (decision 052). Webhooks are signed as
 * Razorpay signs them: HMAC-SHA256 of the raw body with the webhook secret, hex, in
 * X-Razorpay-Signature.
 *
 * With `hostedPages`, a subscription's `short_url` is this fake's own page (for browser tests): its
 * Pay button takes the first payment (`pay`), delivers the signed subscription.charged to
 * `deliverTo` (when set) and shows Razorpay's confirmation (a subscription link has no return URL).
 */

type Obj = Record<string, unknown>;
const id = (prefix: string) => `${prefix}_${randomBytes(7).toString("hex").slice(0, 14)}`;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

export interface RazorpayFake {
  url: string;
  requests: Array<{ method: string; path: string; body: Obj }>;
  plans: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  /** Payments by id (each names its invoice), with what was refunded of them. */
  payments: Map<string, Obj>;
  refunds: Map<string, Obj>;
  /** The status Razorpay gives a new refund. */
  refundStatus: "processed" | "pending";
  /** The buyer pays on the hosted page: the subscription is active, its first invoice paid; answers subscription.charged. */
  pay(subscriptionId: string): Obj;
  /**
   * A refund made in Razorpay's dashboard of a payment (in full, or part of it): the payment's
   * refunded amount changes, and the refund.processed event Razorpay then sends is answered.
   */
  refundInDashboard(paymentId: string, part?: "partial"): Obj;
  /** The refund.processed event Razorpay sends for a refund made through the API. */
  refundEvent(refundId: string): Obj;
  /** The buyer's bank disputes a payment: the payment.dispute.created event is answered. */
  dispute(paymentId: string): Obj;
  /** A subscription.* event about a subscription as Razorpay sends it. */
  subscriptionEvent(subscriptionId: string, event: string): Obj;
  /** A delivery signed with this secret. */
  signed(event: object, secret?: string): { method: string; headers: Record<string, string>; body: string };
  /** The next request is answered with this Razorpay error. */
  failNext(status: number): void;
  /** Where the webhook posts (the app's /api/webhooks/razorpay/…); null: nothing is delivered. */
  deliverTo: string | null;
  /** The events delivered to `deliverTo` and the app's answers, in order. */
  deliveries: Array<{ event: string; status: number }>;
  /** Posts an event to `deliverTo`, signed as Razorpay signs it; answers the app's status. */
  deliver(event: object): Promise<number>;
  close(): Promise<void>;
}

export async function startRazorpayFake(options: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Subscription pages are this fake's own instead of rzp.io (browser tests). */
  hostedPages?: boolean;
}): Promise<RazorpayFake> {
  const plans = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const payments = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const requests: RazorpayFake["requests"] = [];
  let failing: number | null = null;
  const state = { refundStatus: "processed" as "processed" | "pending" };
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString("base64")}`;

  const send = (response: ServerResponse, status: number, body: Obj) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  const error = (response: ServerResponse, status: number, description: string) =>
    send(response, status, { error: { code: "BAD_REQUEST_ERROR", description, source: "business", reason: "NA" } });
  const list = (items: Obj[]) => ({ entity: "collection", count: items.length, items });

  const periodEnd = (plan: Obj, from: Date) => {
    const end = new Date(from);
    const months = plan.period === "yearly" ? 12 * Number(plan.interval) : Number(plan.interval);
    end.setUTCMonth(end.getUTCMonth() + months);
    return end;
  };

  function handle(method: string, path: string, query: URLSearchParams, body: Obj, response: ServerResponse) {
    const plansPath = path === "/v1/plans";
    if (plansPath && method === "GET") {
      const all = [...plans.values()];
      const skip = Number(query.get("skip") ?? 0);
      return send(response, 200, list(all.slice(skip, skip + Number(query.get("count") ?? 10))));
    }
    if (plansPath && method === "POST") {
      const item = (body.item ?? {}) as Obj;
      if (!["daily", "weekly", "monthly", "yearly"].includes(String(body.period)) || !Number(body.interval)) {
        return error(response, 400, "The period field is invalid.");
      }
      if (!Number.isInteger(item.amount) || !item.currency) return error(response, 400, "The amount is invalid.");
      const plan = { id: id("plan"), entity: "plan", ...body, item: { id: id("item"), ...item, active: true } };
      plans.set(String(plan.id), plan);
      return send(response, 200, plan);
    }
    if (path === "/v1/subscriptions" && method === "POST") {
      const plan = plans.get(String(body.plan_id));
      if (!plan) return error(response, 400, "The id provided does not exist");
      if (!Number(body.total_count)) return error(response, 400, "The total count field is required.");
      const subscription: Obj = {
        id: id("sub"),
        entity: "subscription",
        plan_id: plan.id,
        status: "created",
        total_count: body.total_count,
        paid_count: 0,
        notes: body.notes ?? {},
        current_start: null,
        current_end: null,
        has_scheduled_changes: false,
        short_url: `${options.hostedPages ? url : "https://rzp.io"}/i/${randomBytes(5).toString("hex")}`,
        created_at: unix(new Date()),
      };
      subscriptions.set(String(subscription.id), subscription);
      return send(response, 200, subscription);
    }
    const one = /^\/v1\/subscriptions\/([^/]+)(\/cancel)?$/.exec(path);
    if (one) {
      const subscription = subscriptions.get(one[1] ?? "");
      if (!subscription) return error(response, 400, "The id provided does not exist");
      if (one[2] && method === "POST") {
        if (subscription.status === "cancelled" || subscription.status === "completed") {
          return error(response, 400, "Subscription is not cancellable in cancelled status.");
        }
        if (Number(body.cancel_at_cycle_end) === 1 && subscription.status === "active") {
          // Razorpay keeps it active until the cycle's end and reports the scheduled change.
          subscription.has_scheduled_changes = true;
          subscription.change_scheduled_at = subscription.current_end;
        } else {
          subscription.status = "cancelled";
          subscription.ended_at = unix(new Date());
        }
        return send(response, 200, subscription);
      }
      if (method === "GET") return send(response, 200, subscription);
    }
    const payment = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (payment && method === "GET") {
      const found = payments.get(payment[1] ?? "");
      return found ? send(response, 200, found) : error(response, 400, "The id provided does not exist");
    }
    const invoice = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    if (invoice && method === "GET") {
      const found = invoices.get(invoice[1] ?? "");
      return found ? send(response, 200, found) : error(response, 400, "The id provided does not exist");
    }
    if (path === "/v1/invoices" && method === "GET") {
      const ref = query.get("subscription_id");
      return send(response, 200, list([...invoices.values()].filter((invoice) => invoice.subscription_id === ref)));
    }
    const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
    if (refund && method === "POST") {
      const invoice = [...invoices.values()].find((entry) => entry.payment_id === refund[1]);
      if (!invoice) return error(response, 400, "The id provided does not exist");
      if ([...refunds.values()].some((entry) => entry.payment_id === refund[1])) {
        return error(response, 400, "The payment has been fully refunded already");
      }
      const made = {
        id: id("rfnd"),
        entity: "refund",
        payment_id: refund[1],
        amount: body.amount ?? invoice.amount_paid,
        currency: invoice.currency,
        notes: body.notes ?? {},
        status: state.refundStatus,
        speed_requested: body.speed,
        created_at: unix(new Date()),
      };
      refunds.set(made.id, made);
      refunded(String(refund[1]), Number(made.amount));
      return send(response, 200, made);
    }
    return error(response, 404, "The requested URL was not found on the server.");
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const address = new URL(request.url ?? "/", "http://fake");
      const text = Buffer.concat(chunks).toString("utf8");
      let body: Obj = {};
      try {
        body = text ? (JSON.parse(text) as Obj) : {};
      } catch {
        return error(response, 400, "The request body is not valid JSON");
      }
      const hosted = /^\/i\/([0-9a-f]+)$/.exec(address.pathname);
      if (hosted) {
        hostedPage(request.method ?? "GET", `${url}${address.pathname}`, response).catch((caught) =>
          error(response, 500, String(caught)),
        );
        return;
      }
      requests.push({ method: request.method ?? "GET", path: address.pathname, body });
      if (request.headers.authorization !== authorization) {
        return send(response, 401, { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } });
      }
      if (failing !== null) {
        const status = failing;
        failing = null;
        return send(response, status, { error: { code: "SERVER_ERROR", description: "We are facing some trouble" } });
      }
      handle(request.method ?? "GET", address.pathname, address.searchParams, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Razorpay's hosted subscription page, reduced to the plan's price and a Pay button. */
  async function hostedPage(method: string, shortUrl: string, response: ServerResponse) {
    const subscription = [...subscriptions.values()].find((entry) => entry.short_url === shortUrl);
    const plan = plans.get(String(subscription?.plan_id));
    if (!subscription || !plan) return error(response, 404, "The requested URL was not found on the server.");
    const item = plan.item as Obj;
    const page = (main: string) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Razorpay</title>
<link rel="icon" href="data:,"></head><body><main>${main}</main></body></html>`);
    };
    if (method === "POST") {
      const charged = fake.pay(String(subscription.id));
      if (fake.deliverTo) await fake.deliver(charged);
      return page("<h1>Payment successful</h1><p>Your subscription is active.</p>");
    }
    const amount = `${(Number(item.amount) / 100).toFixed(2)} ${String(item.currency)}`;
    return page(`<h1>Authorise your subscription</h1><p>${amount}</p>
<form method="post"><button type="submit">Pay ${amount}</button></form>`);
  }

  /** Records a refund of a payment as Razorpay shows it on the payment. */
  function refunded(paymentId: string, amount: number) {
    const payment = payments.get(paymentId);
    if (!payment) return;
    payment.amount_refunded = Number(payment.amount_refunded ?? 0) + amount;
    payment.refund_status = Number(payment.amount_refunded) >= Number(payment.amount) ? "full" : "partial";
    if (payment.refund_status === "full") payment.status = "refunded";
  }

  function subscriptionEvent(subscriptionId: string, event: string): Obj {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    return {
      entity: "event",
      account_id: "acc_fake",
      event,
      contains: ["subscription"],
      payload: { subscription: { entity: { ...subscription } } },
      created_at: unix(new Date()),
    };
  }

  const fake: RazorpayFake = {
    url,
    requests,
    plans,
    subscriptions,
    invoices,
    payments,
    refunds,
    get refundStatus() {
      return state.refundStatus;
    },
    set refundStatus(value) {
      state.refundStatus = value;
    },
    pay(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      const plan = plans.get(String(subscription?.plan_id));
      if (!subscription || !plan) throw new Error(`no subscription ${subscriptionId}`);
      const now = new Date();
      const item = plan.item as Obj;
      Object.assign(subscription, {
        status: "active",
        paid_count: Number(subscription.paid_count) + 1,
        current_start: unix(now),
        current_end: unix(periodEnd(plan, now)),
      });
      const invoiceId = id("inv");
      const payment: Obj = {
        id: id("pay"),
        entity: "payment",
        amount: item.amount,
        currency: item.currency,
        status: "captured",
        method: "card",
        invoice_id: invoiceId,
        amount_refunded: 0,
        refund_status: null,
        captured: true,
        created_at: unix(now),
      };
      payments.set(String(payment.id), payment);
      const invoice = {
        id: invoiceId,
        entity: "invoice",
        subscription_id: subscriptionId,
        payment_id: payment.id,
        status: "paid",
        amount: item.amount,
        amount_paid: item.amount,
        currency: item.currency,
        paid_at: unix(now),
      };
      invoices.set(invoice.id, invoice);
      return {
        entity: "event",
        account_id: "acc_fake",
        event: "subscription.charged",
        contains: ["subscription", "payment"],
        payload: { subscription: { entity: { ...subscription } }, payment: { entity: { ...payment } } },
        created_at: unix(now),
      };
    },
    refundInDashboard(paymentId, part) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      const amount = part ? Math.floor(Number(payment.amount) / 2) : Number(payment.amount);
      const made = {
        id: id("rfnd"),
        entity: "refund",
        payment_id: paymentId,
        amount,
        currency: payment.currency,
        notes: {},
        status: "processed",
        speed_processed: "normal",
        created_at: unix(new Date()),
      };
      refunds.set(made.id, made);
      refunded(paymentId, amount);
      return {
        entity: "event",
        account_id: "acc_fake",
        event: "refund.processed",
        contains: ["refund", "payment"],
        payload: { refund: { entity: made }, payment: { entity: { ...payment } } },
        created_at: unix(new Date()),
      };
    },
    refundEvent(refundId) {
      const made = refunds.get(refundId);
      const payment = made ? payments.get(String(made.payment_id)) : undefined;
      if (!made || !payment) throw new Error(`no refund ${refundId}`);
      return {
        entity: "event",
        account_id: "acc_fake",
        event: "refund.processed",
        contains: ["refund", "payment"],
        payload: { refund: { entity: { ...made } }, payment: { entity: { ...payment } } },
        created_at: unix(new Date()),
      };
    },
    dispute(paymentId) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`no payment ${paymentId}`);
      payment.disputed = true;
      return {
        entity: "event",
        account_id: "acc_fake",
        event: "payment.dispute.created",
        contains: ["payment", "dispute"],
        payload: {
          payment: { entity: { ...payment } },
          dispute: {
            entity: {
              id: id("disp"),
              entity: "dispute",
              payment_id: paymentId,
              amount: payment.amount,
              currency: payment.currency,
              amount_deducted: 0,
              reason_code: "chargeback",
              respond_by: unix(new Date()) + 7 * 86400,
              status: "open",
              phase: "chargeback",
              created_at: unix(new Date()),
            },
          },
        },
        created_at: unix(new Date()),
      };
    },
    subscriptionEvent,
    signed(event, secret = options.webhookSecret) {
      const body = JSON.stringify(event);
      return {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-razorpay-signature": createHmac("sha256", secret).update(body).digest("hex"),
          "x-razorpay-event-id": id("evt"),
        },
        body,
      };
    },
    failNext(status) {
      failing = status;
    },
    deliverTo: null,
    deliveries: [],
    async deliver(event) {
      if (!fake.deliverTo) throw new Error("the Razorpay fake has no webhook to deliver to");
      const answer = await fetch(fake.deliverTo, fake.signed(event));
      await answer.arrayBuffer();
      fake.deliveries.push({ event: String((event as Record<string, unknown>).event), status: answer.status });
      return answer.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
