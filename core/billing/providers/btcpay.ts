import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import {
  NotOfferedByProcessor,
  type PaymentProcessor,
  type ProviderEvent,
  type PurchaseRequest,
} from "./payment-provider";

/**
 * BTCPay Server (the operator's own, decision 050) through its Greenfield API: one invoice per
 * purchase, priced in the plan's fiat currency and paid in whatever the store accepts (on-chain
 * Bitcoin, Lightning, Monero). A crypto purchase is a prepaid period: nothing renews, so there is
 * nothing to cancel, resume or switch, and refunds go through support.
 */

/** Greenfield amounts are decimal strings ("47.88"); older servers sent numbers. */
const decimal = z.union([z.string(), z.number()]).transform(String);

/** The part of Greenfield's InvoiceData this code reads. */
export const invoiceSchema = z.object({
  id: z.string().min(1),
  storeId: z.string().optional(),
  amount: decimal,
  currency: z.string().min(3),
  checkoutLink: z.string().url(),
  status: z.enum(["New", "Processing", "Expired", "Invalid", "Settled"]),
  additionalStatus: z.string().default("None"),
  createdTime: z.number().optional(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});
export type BtcpayInvoice = z.infer<typeof invoiceSchema>;

/** One payment method of an invoice (GET …/invoices/{id}/payment-methods), with its payments. */
export const paymentMethodsSchema = z.array(
  z.object({
    due: decimal,
    payments: z.array(z.object({ status: z.string(), value: decimal })).default([]),
  }),
);
export type BtcpayPaymentMethods = z.infer<typeof paymentMethodsSchema>;

/** The envelope of every Greenfield webhook; the invoice itself is read back from the API. */
const webhookSchema = z.object({
  deliveryId: z.string().min(1),
  type: z.string(),
  timestamp: z.number(),
  storeId: z.string(),
  invoiceId: z.string().optional(),
});

/** Webhook kinds that can move an order: each makes us read the invoice, the source of truth. */
const INVOICE_EVENTS = new Set([
  "InvoiceSettled",
  "InvoiceExpired",
  "InvoiceInvalid",
  "InvoiceReceivedPayment",
  "InvoicePaymentSettled",
]);

/** Minor units per major one in a currency (ISO 4217 digits, as Intl knows them). */
export function minorUnits(decimalAmount: string, currency: string): number {
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimalAmount.trim());
  if (!match) return Number.NaN;
  const fraction = (match[2] ?? "").padEnd(digits ?? 2, "0");
  // Extra digits beyond the currency's must be zeros ("47.880"), else the amount is not ours.
  if (/[1-9]/.test(fraction.slice(digits))) return Number.NaN;
  return Number(match[1]) * 10 ** (digits ?? 2) + Number(fraction.slice(0, digits) || "0");
}

/** The invoice amount of a purchase: minor units as the decimal string Greenfield takes. */
export function invoiceAmount(amountMinor: number, currency: string): string {
  const digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits;
  return (amountMinor / 10 ** (digits ?? 2)).toFixed(digits ?? 2);
}

/** Paid in full after the invoice expired, and every payment confirmed (BTCPay's "PaidLate"). */
function paidLateAndConfirmed(invoice: BtcpayInvoice, methods: BtcpayPaymentMethods | null): boolean {
  if (invoice.status !== "Expired" || invoice.additionalStatus !== "PaidLate" || !methods) return false;
  const payments = methods.flatMap((method) => method.payments);
  return (
    payments.length > 0 &&
    payments.every((payment) => payment.status === "Settled") &&
    methods.some((method) => Number(method.due) <= 0)
  );
}

const MONTH_DAYS_MS = 24 * 60 * 60 * 1000;

/** The end of a prepaid period of `months` calendar months that starts at `at` (UTC). */
export function prepaidPeriodEnd(at: Date, months: number): Date {
  const end = new Date(at);
  end.setUTCMonth(end.getUTCMonth() + months);
  // 31 January + 1 month is the last day of February, not 3 March.
  if (end.getUTCDate() !== at.getUTCDate()) end.setTime(end.getTime() - end.getUTCDate() * MONTH_DAYS_MS);
  return end;
}

/**
 * What an invoice's state means for its order, at `at`; null while it waits (New, Processing, a
 * late payment not yet confirmed). Settled, or paid late and confirmed: the period is granted.
 * Expired unpaid: abandoned. Invalid: declined. The event ids are the invoice's, so the webhook
 * and the read-back on the buyer's return apply one payment once.
 */
export function mapInvoice(
  invoice: BtcpayInvoice,
  methods: BtcpayPaymentMethods | null,
  at: Date,
  environment: "live" | "test",
): ProviderEvent | null {
  const metadata = invoice.metadata ?? {};
  const orderId = typeof metadata.orderId === "string" ? metadata.orderId : "";
  const planId = typeof metadata.planId === "string" ? metadata.planId : undefined;
  const months = Number(metadata.months);
  if (!orderId) return null;
  const base = { orderId, subscriptionRef: invoice.id, environment, prepaid: true as const };
  if (invoice.status === "Settled" || paidLateAndConfirmed(invoice, methods)) {
    if (!Number.isInteger(months) || months < 1) return null;
    return {
      ...base,
      eventId: `invoice_paid_${invoice.id}`,
      charge: {
        amountMinor: minorUnits(invoice.amount, invoice.currency),
        currency: invoice.currency.toUpperCase(),
        ...(planId ? { planId } : {}),
      },
      event: { type: "payment_succeeded", at, periodEnd: prepaidPeriodEnd(at, months) },
    };
  }
  if (invoice.status === "Expired" && invoice.additionalStatus !== "PaidLate") {
    return { ...base, eventId: `invoice_expired_${invoice.id}`, event: { type: "abandoned", at } };
  }
  if (invoice.status === "Invalid") {
    return { ...base, eventId: `invoice_invalid_${invoice.id}`, event: { type: "declined", at } };
  }
  return null;
}

/** BTCPay-Sig: `sha256=` and the hex HMAC-SHA256 of the raw body with the webhook's secret. */
export function btcpaySignature(rawBody: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody, "utf8").digest("hex")}`;
}

function signatureValid(rawBody: string, header: string | null, secret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(btcpaySignature(rawBody, secret));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface GreenfieldOptions {
  /** The server's base URL (https://pay.example.org). */
  url: string;
  /** A Greenfield API key with btcpay.store.cancreateinvoice and btcpay.store.canviewinvoices. */
  apiKey: string;
  storeId: string;
  /** Milliseconds before a call is given up (default 15 s). */
  timeoutMs?: number;
}

/**
 * A small typed Greenfield client (there is no official Node SDK): fetch with the API key, each
 * answer checked with zod, errors that name the call and status but never the key.
 */
export function greenfieldClient(options: GreenfieldOptions) {
  const base = options.url.replace(/\/+$/, "");
  const store = `/api/v1/stores/${encodeURIComponent(options.storeId)}`;
  async function call<T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const response = await fetch(`${base}${store}${path}`, {
      method,
      headers: {
        authorization: `token ${options.apiKey}`,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    if (!response.ok) {
      // Greenfield errors are {code, message} or a list of {path, message}: short, and hold no secret.
      throw new Error(`BTCPay answered ${response.status} to ${method} ${path}: ${text.slice(0, 300)}`);
    }
    const parsed = schema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new Error(`BTCPay's answer to ${method} ${path} is not what Greenfield documents`);
    return parsed.data;
  }
  return {
    createInvoice: (body: unknown) => call("POST", "/invoices", invoiceSchema, body),
    getInvoice: (invoiceId: string) => call("GET", `/invoices/${encodeURIComponent(invoiceId)}`, invoiceSchema),
    getPaymentMethods: (invoiceId: string) =>
      call("GET", `/invoices/${encodeURIComponent(invoiceId)}/payment-methods`, paymentMethodsSchema),
  };
}

/** The invoice Greenfield creates for a purchase (POST /api/v1/stores/{storeId}/invoices). */
export function invoiceRequest(request: PurchaseRequest) {
  return {
    amount: invoiceAmount(request.amountMinor, request.currency),
    currency: request.currency,
    metadata: {
      orderId: request.orderId,
      planId: request.planId,
      months: request.months,
      itemDesc: request.planName,
      ...(request.discount ? { couponCode: request.discount.code } : {}),
    },
    // No paymentMethods: the store's own (BTC on-chain, Lightning, Monero, as the operator enabled).
    checkout: { redirectURL: request.returnUrl, redirectAutomatically: true },
  };
}

/** BTCPay Server as a PaymentProcessor (decision 050). */
export function btcpayProcessor(
  options: GreenfieldOptions & { webhookSecret: string; environment: "live" | "test" },
): PaymentProcessor {
  const greenfield = greenfieldClient(options);
  const readBack = async (invoiceId: string, at: Date) => {
    const invoice = await greenfield.getInvoice(invoiceId);
    // A late payment is confirmed only when its payments are: read them (only then).
    const methods =
      invoice.status === "Expired" && invoice.additionalStatus === "PaidLate"
        ? await greenfield.getPaymentMethods(invoiceId)
        : null;
    return mapInvoice(invoice, methods, at, options.environment);
  };
  const prepaid = (operation: "renewal" | "plan_change") =>
    new NotOfferedByProcessor(operation, "a crypto purchase is a prepaid period: it has no renewal");
  return {
    name: "btcpay",
    environment: options.environment,
    async createPurchase(request) {
      const invoice = await greenfield.createInvoice(invoiceRequest(request));
      return { webUrl: invoice.checkoutLink, reference: invoice.id };
    },
    async lookupEvents(order) {
      if (!order.reference) return [];
      const event = await readBack(order.reference, new Date());
      return event && event.orderId === order.id ? [event] : [];
    },
    async parseWebhook(rawBody, headers) {
      if (!signatureValid(rawBody, headers.get("btcpay-sig"), options.webhookSecret)) return null;
      let body: z.infer<typeof webhookSchema>;
      try {
        const parsed = webhookSchema.safeParse(JSON.parse(rawBody));
        if (!parsed.success) return null;
        body = parsed.data;
      } catch {
        return null;
      }
      // Signed with our secret but about another store, or a kind that moves nothing (tests, payouts).
      if (body.storeId !== options.storeId || !body.invoiceId || !INVOICE_EVENTS.has(body.type)) return "ignored";
      // The webhook says something changed; the invoice says what (a forged or stale body cannot grant).
      const event = await readBack(body.invoiceId, new Date(body.timestamp * 1000));
      return event ?? "ignored";
    },
    async cancelSubscription() {
      // Nothing renews: renewal is off by nature.
      return { renewalOff: true };
    },
    async resumeSubscription() {
      throw prepaid("renewal");
    },
    async refundPurchase(request) {
      // Greenfield's refund makes a pull payment the buyer claims with an address of theirs: a
      // conversation support has with them (decision 050), not a button.
      throw new NotOfferedByProcessor("refund", `crypto order ${request.orderId} is refunded by support`);
    },
    async paymentMethodUrl() {
      throw prepaid("renewal");
    },
    async previewPlanChange() {
      throw prepaid("plan_change");
    },
    async changePlan() {
      throw prepaid("plan_change");
    },
    async cancelPlanChange() {
      throw prepaid("plan_change");
    },
  };
}
