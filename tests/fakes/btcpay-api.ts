import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { btcpaySignature } from "../../core/billing/providers/btcpay";

/**
 * A local HTTP fake of the part of BTCPay Server's Greenfield API Veilport calls (create and read
 * an invoice, read its payment methods), answering in Greenfield's shapes (camelCase, decimal
 * strings, unix seconds, `{code, message}` errors). The buyer paying on BTCPay's checkout, the
 * invoice expiring and a payment arriving late are driven by the test; each returns the webhook
 * body BTCPay would send, and `signed` makes its delivery with the BTCPay-Sig header. Its checkout
 * page (`/i/<id>`, no API key, as BTCPay's) has a Pay button for browser tests: the invoice
 * settles, the webhook goes to `deliverTo` (when set), and the buyer is sent to the redirect URL.
 */

type Obj = Record<string, unknown>;
const newId = () => randomBytes(11).toString("base64url");
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export interface BtcpayFake {
  url: string;
  storeId: string;
  apiKey: string;
  requests: Array<{ method: string; path: string; body: Obj }>;
  invoices: Map<string, Obj>;
  /** The store's enabled payment methods (Greenfield ids). */
  paymentMethods: string[];
  /** The buyer pays in full before expiry and it confirms: Settled (the InvoiceSettled body). */
  settle(invoiceId: string): Obj;
  /** Nobody paid in time: Expired (the InvoiceExpired body). */
  expire(invoiceId: string): Obj;
  /** A full payment arrives after expiry, unconfirmed: Expired, PaidLate (InvoiceReceivedPayment). */
  payLate(invoiceId: string): Obj;
  /** The late payment confirms (InvoicePaymentSettled); the invoice stays Expired, PaidLate. */
  confirmLate(invoiceId: string): Obj;
  /** Where the store's webhook posts (the app's /api/webhooks/btcpay/…), with its secret. */
  deliverTo: { url: string; secret: string } | null;
  /** Posts a webhook body to `deliverTo`, signed, as BTCPay does; answers the app's status. */
  deliver(body: Obj): Promise<number>;
  /** A webhook delivery as BTCPay makes it, signed with `secret`. */
  signed(body: Obj, secret: string): { method: string; headers: Record<string, string>; body: string };
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<Obj> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Obj) : {};
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

export async function startBtcpayFake(options: { storeId?: string; apiKey?: string } = {}): Promise<BtcpayFake> {
  const storeId = options.storeId ?? "7Xs5ZkWqvLsXqXSjJxPk3Pq2cKb4cHX2LvhZ6m5Q5g8a";
  const apiKey = options.apiKey ?? "1f3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e3b5d7f9a";
  const invoices = new Map<string, Obj>();
  /** Per invoice: its payments (value in the method's unit, status). */
  const payments = new Map<string, Array<{ status: string; value: string }>>();
  const requests: BtcpayFake["requests"] = [];
  const fake: Partial<BtcpayFake> = { paymentMethods: ["BTC-CHAIN", "BTC-LN", "XMR-CHAIN"], deliverTo: null };

  const base = `/api/v1/stores/${storeId}/invoices`;
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const hosted = /^\/i\/([^/]+)(\/pay)?$/.exec(url.pathname);
    if (hosted) return checkoutPage(request, response, hosted[1] ?? "", Boolean(hosted[2]));
    const body = request.method === "POST" ? await readJson(request) : {};
    requests.push({ method: request.method ?? "GET", path: url.pathname, body });
    if (request.headers.authorization !== `token ${apiKey}`) {
      return send(response, 401, { code: "unauthenticated", message: "Authentication is required" });
    }
    if (!url.pathname.startsWith(base)) {
      return send(response, 403, { code: "missing-permission", message: "Insufficient API Permissions" });
    }
    const rest = url.pathname.slice(base.length).split("/").filter(Boolean);
    if (request.method === "POST" && rest.length === 0) {
      const errors: Obj[] = [];
      if (!(Number(body.amount) > 0)) errors.push({ path: "amount", message: "Amount should be greater than 0" });
      if (typeof body.currency !== "string") errors.push({ path: "currency", message: "Currency is required" });
      if (errors.length) return send(response, 422, errors);
      const id = newId();
      const now = new Date();
      const invoice = {
        id,
        storeId,
        amount: String(body.amount),
        currency: body.currency,
        type: "Standard",
        checkoutLink: `${fake.url}/i/${id}`,
        status: "New",
        additionalStatus: "None",
        monitoringExpiration: seconds(now) + 24 * 3600,
        expirationTime: seconds(now) + 15 * 60,
        createdTime: seconds(now),
        availableStatusesForManualMarking: ["Settled", "Invalid"],
        archived: false,
        metadata: body.metadata ?? {},
        checkout: { paymentMethods: fake.paymentMethods, expirationMinutes: 15, ...(body.checkout as Obj) },
        receipt: { enabled: true, showQR: null, showPayments: null },
      };
      invoices.set(id, invoice);
      payments.set(id, []);
      return send(response, 200, invoice);
    }
    const invoice = rest[0] ? invoices.get(rest[0]) : undefined;
    if (!invoice) return send(response, 404, { code: "invoice-not-found", message: "The invoice was not found" });
    if (request.method === "GET" && rest.length === 1) return send(response, 200, invoice);
    if (request.method === "GET" && rest[1] === "payment-methods") {
      const paid = payments.get(String(invoice.id)) ?? [];
      const methods = (fake.paymentMethods ?? []).map((method, index) => {
        const mine = index === 0 ? paid : [];
        const amount = "0.00071234";
        const totalPaid = mine.length ? amount : "0.00000000";
        return {
          paymentMethodId: method,
          currency: method.split("-")[0],
          destination: `dest-${method}`,
          rate: "67250.12",
          paymentMethodPaid: totalPaid,
          totalPaid,
          due: mine.length ? "0.00000000" : amount,
          amount,
          networkFee: "0.00000000",
          payments: mine.map((payment, n) => ({
            id: `${invoice.id}-${n}`,
            receivedDate: seconds(new Date()),
            value: payment.value,
            fee: "0.00000000",
            status: payment.status,
            destination: `dest-${method}`,
          })),
          activated: true,
          additionalData: {},
        };
      });
      return send(response, 200, methods);
    }
    return send(response, 404, { code: "not-found", message: "Not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  fake.url = `http://127.0.0.1:${port}`;

  /** BTCPay's checkout page, reduced to the invoice and a Pay button (a wallet paying it in full). */
  async function checkoutPage(request: IncomingMessage, response: ServerResponse, invoiceId: string, pay: boolean) {
    const invoice = invoices.get(invoiceId);
    if (!invoice) return send(response, 404, { code: "invoice-not-found", message: "The invoice was not found" });
    if (pay && request.method === "POST") {
      const webhook = (fake as BtcpayFake).settle(invoiceId);
      await (fake as BtcpayFake).deliver(webhook);
      response.writeHead(303, { location: String((invoice.checkout as Obj).redirectURL) });
      return response.end();
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Invoice ${invoiceId}</title>
<link rel="icon" href="data:,"></head><body><main><h1>Pay invoice</h1>
<p>${String(invoice.amount)} ${String(invoice.currency)}: ${(fake.paymentMethods ?? []).join(", ")}</p>
<form method="post" action="/i/${invoiceId}/pay"><button type="submit">Pay</button></form></main></body></html>`);
  }

  const must = (invoiceId: string) => {
    const invoice = invoices.get(invoiceId);
    if (!invoice) throw new Error(`no invoice ${invoiceId} in the BTCPay fake`);
    return invoice;
  };
  const webhook = (type: string, invoice: Obj, extra: Obj = {}) => ({
    deliveryId: newId(),
    webhookId: "WhK1",
    originalDeliveryId: null,
    isRedelivery: false,
    type,
    timestamp: seconds(new Date()),
    storeId,
    invoiceId: invoice.id,
    metadata: invoice.metadata,
    ...extra,
  });

  return Object.assign(fake, {
    storeId,
    apiKey,
    requests,
    invoices,
    settle(invoiceId: string) {
      const invoice = must(invoiceId);
      invoice.status = "Settled";
      payments.set(invoiceId, [{ status: "Settled", value: "0.00071234" }]);
      return webhook("InvoiceSettled", invoice, { manuallyMarked: false, overPaid: false });
    },
    expire(invoiceId: string) {
      const invoice = must(invoiceId);
      invoice.status = "Expired";
      return webhook("InvoiceExpired", invoice, { partiallyPaid: false });
    },
    payLate(invoiceId: string) {
      const invoice = must(invoiceId);
      invoice.status = "Expired";
      invoice.additionalStatus = "PaidLate";
      payments.set(invoiceId, [{ status: "Processing", value: "0.00071234" }]);
      return webhook("InvoiceReceivedPayment", invoice, {
        afterExpiration: true,
        paymentMethod: "BTC-CHAIN",
        payment: { id: `${invoiceId}-0`, value: "0.00071234", status: "Processing" },
      });
    },
    confirmLate(invoiceId: string) {
      const invoice = must(invoiceId);
      payments.set(invoiceId, [{ status: "Settled", value: "0.00071234" }]);
      return webhook("InvoicePaymentSettled", invoice, {
        afterExpiration: true,
        paymentMethod: "BTC-CHAIN",
        payment: { id: `${invoiceId}-0`, value: "0.00071234", status: "Settled" },
      });
    },
    async deliver(body: Obj) {
      const target = fake.deliverTo;
      if (!target) throw new Error("the BTCPay fake has no webhook to deliver to");
      const delivery = (fake as BtcpayFake).signed(body, target.secret);
      const answer = await fetch(target.url, delivery);
      await answer.arrayBuffer();
      return answer.status;
    },
    signed(body: Obj, secret: string) {
      const raw = JSON.stringify(body);
      return {
        method: "POST",
        headers: { "content-type": "application/json", "btcpay-sig": btcpaySignature(raw, secret) },
        body: raw,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as BtcpayFake;
}
