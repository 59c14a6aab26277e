import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP fake of the part of Paddle Billing's API Veilport calls (transactions,
 * subscriptions with their update and its preview, discounts, adjustments), with bodies shaped like Paddle's recorded ones (snake_case, `{data, meta}`).
 * Tests give its URL to the official SDK as the environment's base URL. The buyer paying on
 * Paddle's checkout is driven by the test through `pay`.
 */

type Obj = Record<string, unknown>;
const id = (prefix: string) => `${prefix}_01${randomBytes(12).toString("hex")}`;
const iso = (date: Date) => date.toISOString();

export interface PaddleFake {
  url: string;
  requests: Array<{ method: string; path: string; body: Obj }>;
  transactions: Map<string, Obj>;
  discounts: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  /** Paddle without a default payment link answers transactions with no checkout URL. */
  defaultPaymentLink: boolean;
  /** The buyer pays on Paddle's checkout: the transaction completes and a subscription starts. */
  pay(transactionId: string): { transaction: Obj; subscription: Obj; completed: Obj };
  /** Adjustments (refunds) made through the API, by id. */
  adjustments: Map<string, Obj>;
  /** Whether a subscription read on its own carries its management URLs (Paddle leaves them out for some). */
  managementUrls: boolean;
  /** The status Paddle gives a new refund: approved at once, or held for its review. */
  adjustmentStatus: "approved" | "pending_approval";
  /**
   * What Paddle sends about an adjustment of a completed transaction (a refund or chargeback made in
   * its dashboard, or the approval of one asked for here): the event, for the test to sign and deliver.
   */
  adjustmentEvent(
    transactionId: string,
    change: { action: "refund" | "chargeback" | "credit"; status: string; type?: "full" | "partial" },
  ): Obj;
  /** The next request is answered with this Paddle error. */
  failNext(status: number, code?: string): void;
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<Obj> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Obj) : {};
}

/** Paddle's totals: subtotal before the discount; tax (19% here) on what is left after it. */
const totals = (subtotal: number, currency: string, discount = 0) => ({
  subtotal: String(subtotal),
  discount: String(discount),
  tax: String(Math.round((subtotal - discount) * 0.19)),
  total: String(subtotal - discount + Math.round((subtotal - discount) * 0.19)),
  credit: "0",
  credit_to_balance: "0",
  balance: "0",
  grand_total: String(subtotal - discount + Math.round((subtotal - discount) * 0.19)),
  fee: null,
  earnings: null,
  currency_code: currency,
});

export async function startPaddleFake(): Promise<PaddleFake> {
  const transactions = new Map<string, Obj>();
  const discounts = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const adjustments = new Map<string, Obj>();
  const requests: PaddleFake["requests"] = [];
  const adjustmentOf = (
    transaction: Obj,
    change: { action: string; status: string; type?: string; reason?: string },
  ) => {
    const subtotal = Number(((transaction.details as Obj).totals as Obj).subtotal);
    const now = iso(new Date());
    return {
      id: id("adj"),
      action: change.action,
      type: change.type ?? "full",
      transaction_id: transaction.id,
      subscription_id: transaction.subscription_id,
      customer_id: transaction.customer_id ?? id("ctm"),
      reason: change.reason ?? "requested in the dashboard",
      credit_applied_to_balance: null,
      currency_code: transaction.currency_code,
      status: change.status,
      items: [],
      totals: {
        subtotal: String(subtotal),
        tax: "0",
        total: String(subtotal),
        fee: "0",
        earnings: "0",
        currency_code: transaction.currency_code,
        retained_fee: "0",
      },
      payout_totals: null,
      created_at: now,
      updated_at: now,
    };
  };
  let failure: { status: number; code: string } | null = null;

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  const data = (response: ServerResponse, entity: Obj) =>
    send(response, 200, { data: entity, meta: { request_id: randomBytes(16).toString("hex") } });
  const error = (response: ServerResponse, status: number, code: string, detail: string) =>
    send(response, status, {
      error: { type: "request_error", code, detail, documentation_url: `https://developer.paddle.com/errors/${code}` },
      meta: { request_id: randomBytes(16).toString("hex") },
    });

  /**
   * A change of the subscription's item, as Paddle bills it per proration_billing_mode (the modes
   * Veilport uses): prorated_immediately credits the unused time and charges the new item now, its
   * period starting now; full_next_billing_period charges the new item's full price at the next
   * billing date; do_not_bill changes the item without a charge.
   */
  const switchOf = (subscription: Obj, body: Obj) => {
    const mode = String(body.proration_billing_mode ?? "");
    if (!mode) return null;
    const price = (((body.items as Obj[])[0] ?? {}) as Obj).price as Obj | undefined;
    const amount = Number((price?.unit_price as Obj | undefined)?.amount ?? 0);
    const months = Number((price?.billing_cycle as Obj | undefined)?.frequency ?? 1);
    const currency = String(subscription.currency_code);
    const period = subscription.current_billing_period as { starts_at: string; ends_at: string };
    const now = new Date();
    const start = Date.parse(period.starts_at);
    const end = Date.parse(period.ends_at);
    const unused = Math.max(0, Math.min(end - now.getTime(), end - start));
    const credit = end > start ? Math.floor((Number(subscription._amount ?? 0) * unused) / (end - start)) : 0;
    const newEnd = new Date(now);
    newEnd.setUTCMonth(newEnd.getUTCMonth() + months);
    const renewalEnd = new Date(end);
    renewalEnd.setUTCMonth(renewalEnd.getUTCMonth() + months);
    const transaction = (subtotal: number, credited: number, from: Date, to: Date) => ({
      billing_period: { starts_at: iso(from), ends_at: iso(to) },
      details: {
        tax_rates_used: [],
        totals: { ...totals(subtotal - credited, currency), subtotal: String(subtotal), credit: String(credited) },
        line_items: [],
      },
      adjustments: [],
    });
    const now_ = mode === "prorated_immediately";
    const money = (value: number) => ({ amount: String(value), currency_code: currency });
    const preview = {
      immediate_transaction: now_ ? transaction(amount, credit, now, newEnd) : null,
      next_transaction: now_
        ? transaction(amount, 0, newEnd, new Date(newEnd.getTime() + (newEnd.getTime() - now.getTime())))
        : mode === "full_next_billing_period"
          ? transaction(amount, 0, new Date(end), renewalEnd)
          : null,
      update_summary: {
        credit: money(now_ ? credit : 0),
        charge: money(now_ ? amount : 0),
        result: { action: "charge", ...money(now_ ? amount - credit : 0) },
      },
    };
    return {
      preview,
      apply() {
        subscription.custom_data = body.custom_data ?? subscription.custom_data;
        subscription._mode = mode;
        if (now_) {
          Object.assign(subscription, {
            _amount: amount,
            _months: months,
            current_billing_period: { starts_at: iso(now), ends_at: iso(newEnd) },
            next_billed_at: iso(newEnd),
            billing_cycle: { interval: "month", frequency: months },
          });
        } else {
          // Billed from the next billing date on (or never, for do_not_bill): kept for the tests.
          subscription._next_amount = mode === "do_not_bill" ? subscription._amount : amount;
        }
      },
    };
  };

  const fake: PaddleFake = {
    url: "",
    requests,
    transactions,
    discounts,
    subscriptions,
    defaultPaymentLink: true,
    adjustments,
    adjustmentStatus: "approved",
    managementUrls: true,
    adjustmentEvent(transactionId, change) {
      const transaction = transactions.get(transactionId);
      if (!transaction) throw new Error(`no transaction ${transactionId}`);
      return {
        event_id: id("evt"),
        event_type: "adjustment.updated",
        occurred_at: iso(new Date()),
        notification_id: id("ntf"),
        data: adjustmentOf(transaction, change),
      };
    },
    pay(transactionId) {
      const transaction = transactions.get(transactionId);
      if (!transaction) throw new Error(`no transaction ${transactionId}`);
      const now = new Date();
      const item = ((transaction.items as Obj[])[0] ?? {}) as Obj;
      const cycle = ((item.price as Obj | undefined)?.billing_cycle ?? { interval: "month", frequency: 1 }) as Obj;
      const ends = new Date(now);
      ends.setUTCMonth(ends.getUTCMonth() + Number(cycle.frequency ?? 1));
      const subscriptionId = id("sub");
      const subscription: Obj = {
        id: subscriptionId,
        status: "active",
        customer_id: transaction.customer_id,
        address_id: transaction.address_id,
        business_id: null,
        currency_code: transaction.currency_code,
        created_at: iso(now),
        updated_at: iso(now),
        started_at: iso(now),
        first_billed_at: iso(now),
        next_billed_at: iso(ends),
        paused_at: null,
        canceled_at: null,
        discount: null,
        collection_mode: "automatic",
        billing_details: null,
        current_billing_period: { starts_at: iso(now), ends_at: iso(ends) },
        billing_cycle: cycle,
        scheduled_change: null,
        items: [],
        custom_data: transaction.custom_data,
        // What Paddle gives a subscription with automatic collection (only when it is read on its own).
        _management_urls: {
          update_payment_method: `https://buyer-portal.paddle.com/subscriptions/${subscriptionId}/update-payment-method`,
          cancel: `https://buyer-portal.paddle.com/subscriptions/${subscriptionId}/cancel`,
        },
        // What the subscription bills per period (its item's price): what a switch prorates.
        _amount: Number(((item.price as Obj | undefined)?.unit_price as Obj | undefined)?.amount ?? 0),
        management_urls: null,
        import_meta: null,
      };
      subscriptions.set(subscriptionId, subscription);
      Object.assign(transaction, {
        status: "completed",
        subscription_id: subscriptionId,
        billing_period: { starts_at: iso(now), ends_at: iso(ends) },
        billed_at: iso(now),
        updated_at: iso(now),
      });
      const completed = {
        event_id: id("evt"),
        event_type: "transaction.completed",
        occurred_at: iso(now),
        notification_id: id("ntf"),
        data: transaction,
      };
      return { transaction, subscription, completed };
    },
    failNext(status, code = status >= 500 ? "internal_error" : "bad_request") {
      failure = { status, code };
    },
    close: async () => {},
  };

  const server = createServer(async (request, response) => {
    // One connection per request: the SDK's fetch (undici) otherwise may reuse a kept-alive socket
    // just as this server's keep-alive timer closes it, and the request fails ("fetch failed") on a
    // busy machine.
    response.setHeader("connection", "close");
    const url = new URL(request.url ?? "/", "http://fake");
    const body = await readJson(request);
    requests.push({ method: request.method ?? "", path: url.pathname, body });
    if (failure) {
      const { status, code } = failure;
      failure = null;
      return error(response, status, code, "refused by the fake");
    }
    const path = url.pathname.split("/").filter(Boolean);
    if (request.method === "POST" && url.pathname === "/discounts") {
      if (body.type !== "percentage" && !body.currency_code) {
        return error(response, 400, "bad_request", "currency_code is required for flat discounts");
      }
      const now = iso(new Date());
      const discount: Obj = {
        id: id("dsc"),
        status: "active",
        description: body.description,
        enabled_for_checkout: body.enabled_for_checkout ?? false,
        code: body.code ?? null,
        mode: body.mode ?? "standard",
        type: body.type,
        amount: body.amount,
        currency_code: body.currency_code ?? null,
        recur: body.recur ?? false,
        maximum_recurring_intervals: body.maximum_recurring_intervals ?? null,
        usage_limit: body.usage_limit ?? null,
        restrict_to: body.restrict_to ?? null,
        expires_at: body.expires_at ?? null,
        custom_data: body.custom_data ?? null,
        times_used: 0,
        created_at: now,
        updated_at: now,
        import_meta: null,
      };
      discounts.set(String(discount.id), discount);
      return data(response, discount);
    }
    if (request.method === "POST" && url.pathname === "/transactions") {
      const discount = body.discount_id ? discounts.get(String(body.discount_id)) : undefined;
      if (body.discount_id && !discount) return error(response, 404, "not_found", "Discount not found");
      const transactionId = id("txn");
      const items = (body.items as Obj[]) ?? [];
      const price = (items[0]?.price ?? {}) as Obj;
      const unit = (price.unit_price ?? { amount: "0", currency_code: "USD" }) as Obj;
      const currency = String(unit.currency_code);
      const now = iso(new Date());
      const transaction: Obj = {
        id: transactionId,
        status: "ready",
        customer_id: null,
        address_id: null,
        business_id: null,
        custom_data: body.custom_data ?? null,
        currency_code: currency,
        origin: "api",
        subscription_id: null,
        invoice_id: null,
        invoice_number: null,
        collection_mode: "automatic",
        discount_id: discount?.id ?? null,
        billing_details: null,
        billing_period: null,
        items: items.map((item) => ({
          price: {
            id: id("pri"),
            product_id: id("pro"),
            description: price.description ?? "",
            type: "custom",
            name: null,
            billing_cycle: price.billing_cycle ?? null,
            trial_period: null,
            tax_mode: "account_setting",
            unit_price: unit,
            unit_price_overrides: [],
            quantity: { minimum: 1, maximum: 1 },
            status: "active",
            custom_data: null,
            import_meta: null,
            created_at: now,
            updated_at: now,
          },
          quantity: item.quantity ?? 1,
          proration: null,
        })),
        details: {
          tax_rates_used: [],
          totals: totals(
            Number(unit.amount),
            currency,
            !discount
              ? 0
              : discount.type === "percentage"
                ? Math.round((Number(unit.amount) * Number(discount.amount)) / 100)
                : Number(discount.amount),
          ),
          adjusted_totals: null,
          payout_totals: null,
          adjusted_payout_totals: null,
          line_items: [],
        },
        payments: [],
        checkout: fake.defaultPaymentLink ? { url: `https://pay.vpn.example/checkout?_ptxn=${transactionId}` } : null,
        created_at: now,
        updated_at: now,
        billed_at: null,
      };
      transactions.set(transactionId, transaction);
      return data(response, transaction);
    }
    if (request.method === "GET" && path[0] === "transactions" && path[1]) {
      const transaction = transactions.get(path[1]);
      return transaction ? data(response, transaction) : error(response, 404, "not_found", "Entity not found");
    }
    if (request.method === "POST" && url.pathname === "/adjustments") {
      const transaction = transactions.get(String(body.transaction_id));
      if (!transaction) return error(response, 404, "not_found", "Entity not found");
      if (transaction.status !== "completed") {
        return error(response, 400, "adjustment_transaction_invalid_status", "transaction is not completed");
      }
      if ([...adjustments.values()].some((row) => row.transaction_id === transaction.id && row.action === "refund")) {
        return error(response, 400, "adjustment_amount_above_remaining_allowed", "refunded already");
      }
      const adjustment = adjustmentOf(transaction, {
        action: String(body.action),
        status: fake.adjustmentStatus,
        type: String(body.type ?? "full"),
        reason: String(body.reason ?? ""),
      });
      adjustments.set(adjustment.id, adjustment);
      return data(response, adjustment);
    }
    if (path[0] === "subscriptions" && path[1]) {
      const subscription = subscriptions.get(path[1]);
      if (!subscription) return error(response, 404, "not_found", "Entity not found");
      if (request.method === "POST" && path[2] === "cancel" && body.effective_from === "immediately") {
        Object.assign(subscription, { status: "canceled", canceled_at: iso(new Date()), scheduled_change: null });
        return data(response, subscription);
      }
      if (request.method === "POST" && path[2] === "cancel") {
        const ends = (subscription.current_billing_period as Obj).ends_at;
        subscription.scheduled_change = { action: "cancel", effective_at: ends, resume_at: null };
        return data(response, subscription);
      }
      if (request.method === "GET" && path.length === 2) {
        const { _management_urls, _amount, ...visible } = subscription;
        return data(response, { ...visible, management_urls: fake.managementUrls ? _management_urls : null });
      }
      if (request.method === "GET" && path[2] === "update-payment-method-transaction") {
        const transactionId = id("txn");
        return data(response, {
          id: transactionId,
          status: "ready",
          subscription_id: subscription.id,
          customer_id: subscription.customer_id,
          currency_code: subscription.currency_code,
          origin: "subscription_payment_method_change",
          collection_mode: "automatic",
          address_id: subscription.address_id,
          business_id: null,
          custom_data: null,
          invoice_id: null,
          invoice_number: null,
          discount_id: null,
          billing_details: null,
          billing_period: null,
          items: [],
          details: { tax_rates_used: [], totals: totals(0, String(subscription.currency_code), 0), line_items: [] },
          payments: [],
          checkout: { url: `https://pay.paddle.example/checkout?_ptxn=${transactionId}` },
          created_at: iso(new Date()),
          updated_at: iso(new Date()),
          billed_at: null,
        });
      }
      if (request.method === "PATCH" && "scheduled_change" in body) {
        subscription.scheduled_change = body.scheduled_change;
        return data(response, subscription);
      }
      if (request.method === "PATCH" && Array.isArray(body.items)) {
        const change = switchOf(subscription, body);
        if (!change) return error(response, 400, "bad_request", "proration_billing_mode is required");
        if (path[2] === "preview") return data(response, { ...subscription, ...change.preview });
        change.apply();
        return data(response, subscription);
      }
    }
    return error(response, 404, "not_found", "Unknown path");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
