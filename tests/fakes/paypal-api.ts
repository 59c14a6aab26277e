import { createSign, createVerify, generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type RequestOptions, type ServerResponse } from "node:http";
import { Agent } from "node:https";
import { type AddressInfo, connect } from "node:net";
import type { Duplex } from "node:stream";
import { crc32 } from "node:zlib";

/**
 * A local HTTP fake of the part of PayPal's REST API Veilport calls: OAuth client-credentials
 * tokens, catalog products, billing plans, subscriptions (create, read, suspend, activate, cancel,
 * transactions), capture refunds and verify-webhook-signature, with bodies shaped like PayPal's
 * (snake_case, its error objects). The official SDK reaches it through an HTTPS agent whose
 * connections go to this server instead of PayPal's host (`agent()`): the SDK builds every
 * request, authenticates and parses as it does against PayPal.
 *
 * Webhooks are signed as PayPal signs them: SHA256withRSA over
 * `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the body>`, with the key of the
 * certificate at paypal-cert-url; verify-webhook-signature checks exactly that.
 *
 * With `hostedPages`, the approval link a subscription answers is this fake's own page (for browser
 * tests): an "Agree & Subscribe" button takes the first payment (`pay`), delivers the signed
 * ACTIVATED and PAYMENT.SALE.COMPLETED events to `deliverTo` (when set) and sends the buyer to the
 * subscription's return URL with PayPal's query parameters, as PayPal does.
 */

type Obj = Record<string, unknown>;
const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");
const upper = (length: number) => randomBytes(length).toString("hex").toUpperCase().slice(0, length);

export interface PayPalFake {
  url: string;
  requests: Array<{ method: string; path: string; body: Obj; headers: Record<string, string | undefined> }>;
  products: Map<string, Obj>;
  plans: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  /** Payments (sales/captures) by id, with the subscription they belong to. */
  captures: Map<string, Obj & { subscription_id: string }>;
  refunds: Map<string, Obj>;
  /** The webhook PayPal signs deliveries for (its id is what verification compares). */
  webhookId: string;
  /** The status PayPal gives a new refund. */
  refundStatus: "COMPLETED" | "PENDING";
  /** An HTTPS agent for the SDK whose connections reach this fake instead of PayPal's host. */
  agent(): Agent;
  /**
   * The buyer approves on PayPal's page and PayPal takes the first payment: the subscription is
   * ACTIVE; answers the webhook events PayPal then sends (for the test to sign and deliver).
   */
  pay(subscriptionId: string): { subscription: Obj; activated: Obj; saleCompleted: Obj };
  /** A webhook event about a subscription as PayPal sends it (BILLING.SUBSCRIPTION.*). */
  subscriptionEvent(subscriptionId: string, eventType: string): Obj;
  /**
   * A refund made in PayPal's dashboard of a payment (in full, or part of it): the capture's status
   * changes, and the PAYMENT.SALE.REFUNDED event PayPal then sends is answered.
   */
  refundInDashboard(captureId: string, part?: "partial"): Obj;
  /** A delivery of the event signed with the fake's certificate key for a webhook id. */
  signed(event: object, webhookId?: string): { method: string; headers: Record<string, string>; body: string };
  /** The next request (the token request included) is answered with this PayPal error. */
  failNext(status: number, name?: string): void;
  /** Where the webhook posts (the app's /api/webhooks/paypal/…); null: nothing is delivered. */
  deliverTo: string | null;
  /** The events delivered to `deliverTo` and the app's answers, in order. */
  deliveries: Array<{ event: string; status: number }>;
  /** Posts an event to `deliverTo`, signed as PayPal signs it; answers the app's status. */
  deliver(event: object): Promise<number>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<{ text: string; json: Obj }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return { text, json: {} };
  if (String(request.headers["content-type"] ?? "").includes("x-www-form-urlencoded")) {
    return { text, json: Object.fromEntries(new URLSearchParams(text)) };
  }
  try {
    return { text, json: JSON.parse(text) as Obj };
  } catch {
    return { text, json: { _unparsed: text } };
  }
}

const link = (href: string, rel: string, method = "GET") => ({ href, rel, method });

/**
 * An HTTPS agent for the SDK whose connections reach the fake listening on this local port instead
 * of PayPal's host, over a plain connection (no TLS: the agent's socket is ours). A server process
 * of its own (the e2e server) builds it from the port alone.
 */
export function payPalFakeAgent(port: number): Agent {
  class FakeAgent extends Agent {
    override createConnection(_options: RequestOptions, callback?: (error: Error | null, stream: Duplex) => void) {
      const socket = connect(port, "127.0.0.1");
      if (callback) socket.once("connect", () => callback(null, socket));
      return socket;
    }
  }
  return new FakeAgent({ keepAlive: false });
}

export async function startPayPalFake(options: {
  clientId: string;
  clientSecret: string;
  /** Approval links lead to this fake's own page instead of www.paypal.com (browser tests). */
  hostedPages?: boolean;
}): Promise<PayPalFake> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const tokens = new Set<string>();
  const products = new Map<string, Obj>();
  const plans = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const captures = new Map<string, Obj & { subscription_id: string }>();
  const refunds = new Map<string, Obj>();
  const idempotent = new Map<string, Obj>();
  const requests: PayPalFake["requests"] = [];
  let failure: { status: number; name: string } | null = null;
  /** The approval tokens of subscriptions (ba_token → subscription id). */
  const approvals = new Map<string, string>();
  let port = 0;

  const send = (response: ServerResponse, status: number, body?: unknown) => {
    response.writeHead(status, body === undefined ? {} : { "content-type": "application/json" });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const error = (response: ServerResponse, status: number, name: string, message: string, issue?: string) =>
    send(response, status, {
      name,
      message,
      debug_id: randomBytes(6).toString("hex"),
      ...(issue ? { details: [{ issue, description: message }] } : {}),
      links: [],
    });

  const monthsOf = (plan: Obj) => {
    const cycle = ((plan.billing_cycles as Obj[]) ?? []).find((entry) => entry.tenure_type === "REGULAR") ?? {};
    const frequency = (cycle.frequency ?? {}) as Obj;
    const count = Number(frequency.interval_count ?? 1);
    return frequency.interval_unit === "YEAR" ? count * 12 : count;
  };
  /** What a subscription bills per cycle: its override's price, else its plan's. */
  const priceOf = (subscription: Obj) => {
    const override = ((subscription._override as Obj[] | undefined) ?? []).find((cycle) => cycle.sequence === 1);
    const plan = plans.get(String(subscription.plan_id)) ?? {};
    const cycle = ((plan.billing_cycles as Obj[]) ?? []).find((entry) => entry.sequence === 1) ?? {};
    return ((override?.pricing_scheme ?? cycle.pricing_scheme) as Obj).fixed_price as {
      value: string;
      currency_code: string;
    };
  };
  const webhookEvent = (eventType: string, resourceType: string, resource: Obj) => ({
    id: `WH-${upper(17)}-${upper(17)}`,
    event_version: "1.0",
    create_time: iso(new Date()),
    resource_type: resourceType,
    resource_version: "2.0",
    event_type: eventType,
    summary: eventType,
    resource,
    links: [],
  });
  const publicSubscription = (subscription: Obj) =>
    Object.fromEntries(Object.entries(subscription).filter(([key]) => !key.startsWith("_")));

  const fake: PayPalFake = {
    url: "",
    requests,
    products,
    plans,
    subscriptions,
    captures,
    refunds,
    webhookId: `WH-ID-${upper(12)}`,
    refundStatus: "COMPLETED",
    agent() {
      return payPalFakeAgent(port);
    },
    pay(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      const now = new Date();
      const plan = plans.get(String(subscription.plan_id)) ?? {};
      const next = new Date(now);
      next.setUTCMonth(next.getUTCMonth() + monthsOf(plan));
      const price = priceOf(subscription);
      const saleId = upper(17);
      captures.set(saleId, {
        id: saleId,
        status: "COMPLETED",
        amount_with_breakdown: {
          gross_amount: price,
          fee_amount: { currency_code: price.currency_code, value: "1.00" },
          net_amount: {
            currency_code: price.currency_code,
            value: (Number(price.value) - 1).toFixed(2),
          },
        },
        payer_name: { given_name: "Pat", surname: "Buyer" },
        payer_email: "buyer@example.com",
        time: iso(now),
        subscription_id: subscriptionId,
      });
      Object.assign(subscription, {
        status: "ACTIVE",
        status_update_time: iso(now),
        start_time: iso(now),
        update_time: iso(now),
        billing_info: {
          outstanding_balance: { currency_code: price.currency_code, value: "0.00" },
          cycle_executions: [{ tenure_type: "REGULAR", sequence: 1, cycles_completed: 1, cycles_remaining: 0 }],
          last_payment: { amount: price, time: iso(now) },
          next_billing_time: iso(next),
          failed_payments_count: 0,
        },
        links: [link(`https://api-m.paypal.com/v1/billing/subscriptions/${subscriptionId}`, "self")],
      });
      const activated = webhookEvent(
        "BILLING.SUBSCRIPTION.ACTIVATED",
        "subscription",
        publicSubscription(subscription),
      );
      const saleCompleted = webhookEvent("PAYMENT.SALE.COMPLETED", "sale", {
        id: saleId,
        state: "completed",
        amount: { total: price.value, currency: price.currency_code, details: { subtotal: price.value } },
        payment_mode: "INSTANT_TRANSFER",
        protection_eligibility: "ELIGIBLE",
        transaction_fee: { value: "1.00", currency: price.currency_code },
        billing_agreement_id: subscriptionId,
        custom: subscription.custom_id,
        create_time: iso(now),
        update_time: iso(now),
        links: [],
      });
      return { subscription, activated, saleCompleted };
    },
    subscriptionEvent(subscriptionId, eventType) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      return webhookEvent(eventType, "subscription", publicSubscription(subscription));
    },
    refundInDashboard(captureId, part) {
      const capture = captures.get(captureId);
      if (!capture) throw new Error(`no capture ${captureId}`);
      const gross = (capture.amount_with_breakdown as Obj).gross_amount as { value: string; currency_code: string };
      capture.status = part ? "PARTIALLY_REFUNDED" : "REFUNDED";
      const value = part ? (Number(gross.value) / 2).toFixed(2) : gross.value;
      return webhookEvent("PAYMENT.SALE.REFUNDED", "refund", {
        id: upper(17),
        state: "completed",
        amount: { total: value, currency: gross.currency_code },
        sale_id: captureId,
        billing_agreement_id: capture.subscription_id,
        create_time: iso(new Date()),
        update_time: iso(new Date()),
        links: [],
      });
    },
    signed(event, webhookId = fake.webhookId) {
      const body = JSON.stringify(event);
      const transmissionId = randomBytes(16).toString("hex");
      const transmissionTime = new Date().toISOString();
      const signature = createSign("sha256")
        .update(`${transmissionId}|${transmissionTime}|${webhookId}|${crc32(body)}`)
        .sign(privateKey, "base64");
      return {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "paypal-auth-algo": "SHA256withRSA",
          "paypal-cert-url": `https://api-m.paypal.com/v1/notifications/certs/CERT-fake-${port}`,
          "paypal-transmission-id": transmissionId,
          "paypal-transmission-sig": signature,
          "paypal-transmission-time": transmissionTime,
        },
        body,
      };
    },
    failNext(status, name = status >= 500 ? "INTERNAL_SERVER_ERROR" : "UNPROCESSABLE_ENTITY") {
      failure = { status, name };
    },
    deliverTo: null,
    deliveries: [],
    async deliver(event) {
      if (!fake.deliverTo) throw new Error("the PayPal fake has no webhook to deliver to");
      const answer = await fetch(fake.deliverTo, fake.signed(event));
      await answer.arrayBuffer();
      fake.deliveries.push({ event: String((event as Record<string, unknown>).event_type), status: answer.status });
      return answer.status;
    },
    close: async () => {},
  };

  /** PayPal's approval page, reduced to the plan's price and the button that approves and pays. */
  async function approvalPage(request: IncomingMessage, response: ServerResponse, url: URL) {
    const token = url.searchParams.get("ba_token") ?? "";
    const subscriptionId = approvals.get(token);
    const subscription = subscriptionId ? subscriptions.get(subscriptionId) : undefined;
    if (!subscriptionId || !subscription) return error(response, 404, "RESOURCE_NOT_FOUND", "Unknown token");
    const context = (subscription._context ?? {}) as Obj;
    if (request.method === "POST") {
      await readBody(request);
      const { activated, saleCompleted } = fake.pay(subscriptionId);
      if (fake.deliverTo) {
        await fake.deliver(activated);
        await fake.deliver(saleCompleted);
      }
      const back = new URL(String(context.return_url));
      back.searchParams.set("subscription_id", subscriptionId);
      back.searchParams.set("ba_token", token);
      back.searchParams.set("token", upper(17));
      response.writeHead(303, { location: back.href });
      return response.end();
    }
    const price = priceOf(subscription);
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal</title>
<link rel="icon" href="data:,"></head><body><main><h1>Approve your subscription</h1>
<p>${price.value} ${price.currency_code}</p>
<form method="post"><button type="submit">Agree &amp; Subscribe</button></form>
<a href="${String(context.cancel_url)}">Cancel and return</a></main></body></html>`);
  }

  const route = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://fake");
    if (url.pathname === "/webapps/billing/subscriptions") return approvalPage(request, response, url);
    const { json: body } = await readBody(request);
    const headers = {
      authorization: request.headers.authorization,
      "paypal-request-id": request.headers["paypal-request-id"] as string | undefined,
      prefer: request.headers.prefer as string | undefined,
      "content-type": request.headers["content-type"],
    };
    requests.push({ method: request.method ?? "", path: url.pathname, body, headers });
    if (failure) {
      const { status, name } = failure;
      failure = null;
      return error(response, status, name, "refused by the fake");
    }
    const method = request.method ?? "GET";
    const path = url.pathname;

    if (method === "POST" && path === "/v1/oauth2/token") {
      const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64")}`;
      if (headers.authorization !== expected || body.grant_type !== "client_credentials") {
        return send(response, 401, { error: "invalid_client", error_description: "Client Authentication failed" });
      }
      const token = `A21AA${randomBytes(24).toString("hex")}`;
      tokens.add(token);
      return send(response, 200, {
        scope: "https://uri.paypal.com/services/subscriptions",
        access_token: token,
        token_type: "Bearer",
        app_id: "APP-80W284485P519543T",
        expires_in: 32400,
        nonce: randomBytes(8).toString("hex"),
      });
    }
    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1];
    if (!bearer || !tokens.has(bearer)) {
      return error(response, 401, "AUTHENTICATION_FAILURE", "Authentication failed due to invalid credentials.");
    }
    const requestId = headers["paypal-request-id"];
    const replay = requestId ? idempotent.get(`${path}|${requestId}`) : undefined;
    if (method === "POST" && replay) return send(response, 201, replay);
    const remember = (entity: Obj) => {
      if (requestId) idempotent.set(`${path}|${requestId}`, entity);
      return entity;
    };

    if (method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      const event = body.webhook_event;
      const fields = [
        "auth_algo",
        "cert_url",
        "transmission_id",
        "transmission_sig",
        "transmission_time",
        "webhook_id",
      ];
      if (!event || typeof event !== "object" || fields.some((field) => typeof body[field] !== "string")) {
        return error(response, 400, "VALIDATION_ERROR", "Invalid request - see details", "MISSING_REQUIRED_PARAMETER");
      }
      // PayPal fetches the certificate at cert_url (its own hosts only); this fake has one.
      const ownCertificate = body.cert_url === `https://api-m.paypal.com/v1/notifications/certs/CERT-fake-${port}`;
      const message = `${body.transmission_id}|${body.transmission_time}|${body.webhook_id}|${crc32(JSON.stringify(event))}`;
      let valid = false;
      try {
        valid =
          ownCertificate &&
          body.auth_algo === "SHA256withRSA" &&
          body.webhook_id === fake.webhookId &&
          createVerify("sha256").update(message).verify(publicKey, String(body.transmission_sig), "base64");
      } catch {
        valid = false;
      }
      return send(response, 200, { verification_status: valid ? "SUCCESS" : "FAILURE" });
    }

    const product = /^\/v1\/catalogs\/products\/([^/]+)$/.exec(path);
    if (method === "GET" && product) {
      const found = products.get(decodeURIComponent(product[1] ?? ""));
      return found
        ? send(response, 200, found)
        : error(response, 404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID");
    }
    if (method === "POST" && path === "/v1/catalogs/products") {
      const id = String(body.id ?? `PROD-${upper(17)}`);
      if (products.has(id)) {
        return error(response, 422, "UNPROCESSABLE_ENTITY", "Duplicate id", "DUPLICATE_RESOURCE_IDENTIFIER");
      }
      const now = iso(new Date());
      const created = { ...body, id, create_time: now, update_time: now, links: [] };
      products.set(id, created);
      return send(response, 201, remember(created));
    }

    if (method === "GET" && path === "/v1/billing/plans") {
      const productId = url.searchParams.get("product_id");
      const size = Number(url.searchParams.get("page_size") ?? 10);
      const page = Number(url.searchParams.get("page") ?? 1);
      const all = [...plans.values()].filter((plan) => !productId || plan.product_id === productId);
      const slice = all.slice((page - 1) * size, page * size);
      // Prefer: return=minimal (the default) gives id, name, description and links only.
      const full = headers.prefer === "return=representation";
      return send(response, 200, {
        plans: slice.map((plan) =>
          full
            ? { ...plan, usage_type: "LICENSED" }
            : { id: plan.id, name: plan.name, description: plan.description, links: [] },
        ),
        links: [],
      });
    }
    if (method === "POST" && path === "/v1/billing/plans") {
      if (!products.has(String(body.product_id))) {
        return error(response, 422, "UNPROCESSABLE_ENTITY", "Invalid product id", "INVALID_PARAMETER_VALUE");
      }
      const id = `P-${upper(24)}`;
      const now = iso(new Date());
      const plan = { ...body, id, status: body.status ?? "CREATED", create_time: now, update_time: now, links: [] };
      plans.set(id, plan);
      return send(response, 201, remember(plan));
    }
    const plan = /^\/v1\/billing\/plans\/([^/]+)$/.exec(path);
    if (method === "GET" && plan) {
      const found = plans.get(plan[1] ?? "");
      return found
        ? send(response, 200, found)
        : error(response, 404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID");
    }

    if (method === "POST" && path === "/v1/billing/subscriptions") {
      const planOf = plans.get(String(body.plan_id));
      if (planOf?.status !== "ACTIVE") {
        return error(response, 422, "UNPROCESSABLE_ENTITY", "The plan is not active", "PLAN_STATUS_INVALID");
      }
      const context = (body.application_context ?? {}) as Obj;
      if (!context.return_url || !context.cancel_url) {
        return error(response, 400, "INVALID_REQUEST", "return_url is required", "MISSING_REQUIRED_PARAMETER");
      }
      const id = `I-${upper(12)}`;
      const now = iso(new Date());
      const token = `BA-${upper(17)}`;
      approvals.set(token, id);
      const pages = options.hostedPages ? `http://127.0.0.1:${port}` : "https://www.paypal.com";
      const subscription: Obj = {
        id,
        plan_id: body.plan_id,
        status: "APPROVAL_PENDING",
        status_update_time: now,
        custom_id: body.custom_id,
        quantity: "1",
        subscriber: body.subscriber,
        plan_overridden: Boolean(body.plan),
        create_time: now,
        update_time: now,
        links: [
          link(`${pages}/webapps/billing/subscriptions?ba_token=${token}`, "approve"),
          link(`https://api-m.paypal.com/v1/billing/subscriptions/${id}`, "edit", "PATCH"),
          link(`https://api-m.paypal.com/v1/billing/subscriptions/${id}`, "self"),
        ],
        _override: ((body.plan as Obj | undefined)?.billing_cycles as Obj[] | undefined) ?? [],
        _context: context,
      };
      subscriptions.set(id, subscription);
      return send(response, 201, remember(publicSubscription(subscription)));
    }
    const subscriptionPath = /^\/v1\/billing\/subscriptions\/([^/]+)(?:\/([a-z]+))?$/.exec(path);
    if (subscriptionPath) {
      const subscription = subscriptions.get(subscriptionPath[1] ?? "");
      if (!subscription) {
        return error(
          response,
          404,
          "RESOURCE_NOT_FOUND",
          "The specified resource does not exist.",
          "INVALID_RESOURCE_ID",
        );
      }
      const action = subscriptionPath[2];
      const status = String(subscription.status);
      const change = (next: string) => {
        Object.assign(subscription, { status: next, status_update_time: iso(new Date()) });
        subscription.status_change_note = body.reason;
        return send(response, 204);
      };
      const refuse = (issue: string) =>
        error(response, 422, "UNPROCESSABLE_ENTITY", `Not allowed in status ${status}`, issue);
      if (method === "GET" && !action) return send(response, 200, publicSubscription(subscription));
      if (method === "POST" && action === "suspend") {
        return status === "ACTIVE" ? change("SUSPENDED") : refuse("SUBSCRIPTION_STATUS_INVALID");
      }
      if (method === "POST" && action === "activate") {
        return status === "SUSPENDED" ? change("ACTIVE") : refuse("SUBSCRIPTION_STATUS_INVALID");
      }
      if (method === "POST" && action === "cancel") {
        return status === "ACTIVE" || status === "SUSPENDED"
          ? change("CANCELLED")
          : refuse("SUBSCRIPTION_STATUS_INVALID");
      }
      if (method === "GET" && action === "transactions") {
        const start = Date.parse(url.searchParams.get("start_time") ?? "");
        const end = Date.parse(url.searchParams.get("end_time") ?? "");
        if (Number.isNaN(start) || Number.isNaN(end)) {
          return error(
            response,
            400,
            "INVALID_REQUEST",
            "start_time and end_time are required",
            "INVALID_PARAMETER_VALUE",
          );
        }
        const transactions = [...captures.values()]
          .filter((capture) => capture.subscription_id === subscription.id)
          .filter((capture) => Date.parse(String(capture.time)) >= start && Date.parse(String(capture.time)) <= end)
          .map(({ subscription_id: _, ...capture }) => capture);
        return send(response, 200, { transactions, links: [] });
      }
    }

    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === "POST" && refund) {
      const capture = captures.get(refund[1] ?? "");
      if (!capture) {
        return error(
          response,
          404,
          "RESOURCE_NOT_FOUND",
          "The specified resource does not exist.",
          "INVALID_RESOURCE_ID",
        );
      }
      if (capture.status === "REFUNDED") {
        return error(
          response,
          422,
          "UNPROCESSABLE_ENTITY",
          "Capture has already been fully refunded",
          "CAPTURE_FULLY_REFUNDED",
        );
      }
      const gross = (capture.amount_with_breakdown as Obj).gross_amount as Obj;
      const id = upper(17);
      const now = iso(new Date());
      const made: Obj = {
        id,
        status: fake.refundStatus,
        amount: body.amount ?? gross,
        note_to_payer: body.note_to_payer,
        create_time: now,
        update_time: now,
        links: [],
      };
      refunds.set(id, { ...made, capture_id: capture.id });
      if (fake.refundStatus === "COMPLETED") capture.status = "REFUNDED";
      return send(response, 201, remember(made));
    }
    return error(response, 404, "RESOURCE_NOT_FOUND", "Unknown path", "INVALID_RESOURCE_ID");
  };

  const server = createServer((request, response) => {
    response.setHeader("connection", "close");
    route(request, response).catch((caught) => error(response, 500, "INTERNAL_SERVER_ERROR", String(caught)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
