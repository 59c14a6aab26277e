import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { planProviderProducts } from "../../db/schema";
import { offerRefusal } from "../../universal/billing/processor-kinds";
import { findAccountById } from "../auth/accounts";
import { FALLBACK_CURRENCY, findPlanItem, isCurrency } from "./catalogue";
import type { CouponRefusal } from "./coupon-terms";
import { createOrder, markOrderFailed, recordCheckout } from "./orders";
import { autoCouponOf, currentSale, salePriceFor } from "./promotion-sale";
import {
  type PaymentProcessor,
  PROVIDER_CODES,
  type ProviderCode,
  WEB_PURCHASE_CODES,
} from "./providers/payment-provider";
import type { ProcessorSet } from "./providers/processors";
import { quoteCoupon, reserveCoupon } from "./redeem-coupon";
import { purchaseReturnUrls } from "./return-urls";

/** The processor behind a provider code in this process's payment mode; null for a code not offered. */
export function processorForCode(payments: Pick<ProcessorSet, "forCode">, code: string): PaymentProcessor | null {
  if (!(PROVIDER_CODES as readonly string[]).includes(code)) return null;
  return payments.forCode(code as ProviderCode);
}

/** What the page sent about itself, minus any address it put there: orders keep a country, never an IP. */
function withoutAddress(clientInfo: StartPurchaseInput["clientInfo"]) {
  const { ip: _ip, client_ip: _clientIp, ...rest } = clientInfo;
  return rest;
}

export interface StartPurchaseDeps {
  db: Database;
  payments: Pick<ProcessorSet, "forCode" | "offer">;
  /** Where the buyer comes back to, and where the receipt's links lead (the webhook that sends it knows no page). */
  siteOrigin: string;
  /** The clock that decides whether a promotion's sale is in force (decision 057). */
  now?: () => Date;
}

export interface StartPurchaseInput {
  userId: number;
  providerCode: string;
  planId: string;
  /** The currency the page priced the plan in; the fallback (USD) when absent or unknown. */
  currency?: string;
  /** What the page sent about itself (language, front id, …), stored with the order. */
  clientInfo: { language?: string; [key: string]: unknown };
  /** The calling application (X-App-Type), stored with the order. */
  appType: number;
  /** The country of the buyer's address (our geo lookup), stored with the order instead of the address. */
  country: string | null;
  attribution: Record<string, string> | null;
  /** A coupon code the buyer entered (decision 034). */
  coupon?: string;
}

export type StartPurchaseResult =
  /** No processor serves this provider code in this payment mode. */
  | { outcome: "unavailable" }
  /** The way to pay does not take this currency, or does not serve the buyer's country (decision 048). */
  | { outcome: "method_unsupported"; reason: "currency" | "country"; currency: string }
  /** The provider's purchases start in the app (gap); the web reads their results only. */
  | { outcome: "in_app_only" }
  /** No plan with this id is on sale. */
  | { outcome: "unknown_plan" }
  /** The coupon does not apply (nothing was created). */
  | { outcome: "coupon_refused"; reason: CouponRefusal }
  /** The processor would not start it: the order is marked failed, nothing else changed. */
  | { outcome: "refused"; orderId: string; error: unknown }
  | { outcome: "started"; orderId: string; planId: string; webUrl: string };

/**
 * Starts a purchase (SPEC §4): creates the pending order at the plan's price, asks the provider's
 * processor for a page to pay on and records its reference. The order is settled later by the
 * processor's webhook (or read back when the buyer returns first).
 */
export async function startPurchase(deps: StartPurchaseDeps, input: StartPurchaseInput): Promise<StartPurchaseResult> {
  const { db } = deps;
  const code = input.providerCode;
  const processor = processorForCode(deps.payments, code);
  if (!processor) return { outcome: "unavailable" };
  if (!(WEB_PURCHASE_CODES as readonly string[]).includes(code)) return { outcome: "in_app_only" };
  const currency = input.currency && isCurrency(input.currency) ? input.currency : FALLBACK_CURRENCY;
  // Refused before an order exists: a currency the processor does not take never becomes a failed payment.
  const offer = deps.payments.offer(code as ProviderCode);
  const refusal = offer ? offerRefusal(offer, { currency, country: input.country }) : null;
  if (refusal) return { outcome: "method_unsupported", reason: refusal, currency };
  const now = deps.now?.() ?? new Date();
  const plan = await findPlanItem(db, input.planId, currency, now);
  if (!plan) return { outcome: "unknown_plan" };
  const account = await findAccountById(db, input.userId);
  const listMinor = Math.round(plan.price_amount * 100);
  // A promotion's sale in force now (decision 057): its price is already the plan's price; its
  // coupon applies when the buyer names none, and only if it applies to them (else no discount).
  const sale = await currentSale(db, now);
  const autoCoupon = input.coupon ? null : autoCouponOf(sale?.sale);
  const couponCode = input.coupon ?? autoCoupon;
  // The price the checkout showed with the coupon is the price the order is made for.
  const quoted = couponCode
    ? await quoteCoupon(db, {
        code: couponCode,
        planId: plan.id,
        currency,
        amountMinor: listMinor,
        userId: input.userId,
        now,
      })
    : null;
  const quote = autoCoupon && quoted && "refused" in quoted ? null : quoted;
  if (quote && "refused" in quote) return { outcome: "coupon_refused", reason: quote.refused };
  const amountMinor = quote ? quote.amountMinor : listMinor;
  const coupon = quote ? { code: quote.code, discountMinor: quote.discountMinor } : null;
  const pricedBySale =
    sale !== null && (salePriceFor(sale.sale, plan.id, currency) !== null || (autoCoupon !== null && quote !== null));
  const orderId = await createOrder(db, {
    userId: input.userId,
    planId: plan.id,
    provider: code,
    processor: processor.name,
    environment: processor.environment,
    currency,
    amountMinor,
    clientInfo: {
      ...withoutAddress(input.clientInfo),
      app_type: input.appType,
      site_origin: deps.siteOrigin,
    },
    country: input.country,
    attribution: input.attribution,
    coupon,
    promotionId: pricedBySale ? sale.promotionId : null,
  });
  if (coupon && !(await reserveCoupon(db, { code: coupon.code, orderId, userId: input.userId }))) {
    // Others took the last redemptions between the quote and now.
    await markOrderFailed(db, orderId);
    return { outcome: "coupon_refused", reason: "limit_reached" };
  }
  const [product] = await db
    .select({ productId: planProviderProducts.productId })
    .from(planProviderProducts)
    .where(and(eq(planProviderProducts.planId, plan.id), eq(planProviderProducts.provider, code)));
  let checkout: { webUrl: string; reference: string };
  try {
    checkout = await processor.createPurchase({
      productId: product?.productId,
      orderId,
      planId: plan.id,
      planName: `VPN subscription, ${plan.months} ${plan.months === 1 ? "month" : "months"}`,
      months: plan.months,
      amountMinor,
      ...(coupon ? { discount: { code: coupon.code, amountOffMinor: coupon.discountMinor } } : {}),
      currency,
      email: account?.email ?? "",
      ...purchaseReturnUrls({ origin: deps.siteOrigin, locale: input.clientInfo.language, orderId, provider: code }),
    });
  } catch (error) {
    // A processor that refuses (missing price id, bad key, outage, no checkout page) fails this
    // purchase only.
    await markOrderFailed(db, orderId);
    return { outcome: "refused", orderId, error };
  }
  await recordCheckout(db, orderId, checkout);
  return { outcome: "started", orderId, planId: plan.id, webUrl: checkout.webUrl };
}
