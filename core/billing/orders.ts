import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orders, plans, subscriptions, webhookEvents } from "../../db/schema";
import { DEFAULT_DEVICE_LIMIT } from "../devices/free-device-limit";
import { trimDevicesToLimit } from "../devices/trim-devices";
import { eventMismatch } from "./event-checks";
import type { PaymentEnvironment, ProviderEvent } from "./providers/payment-provider";
import { queueReceipt } from "./receipt";
import { releaseCoupon } from "./redeem-coupon";
import { queueRefundNotice } from "./refund-notice";
import {
  applyBillingEvent,
  type BillingEvent,
  INITIAL_STATE,
  remainingSeconds,
  type SubscriptionState,
  type SubscriptionStatus,
} from "./subscription-state";

export async function createOrder(
  db: Database,
  input: {
    userId: number;
    planId: string;
    provider: string;
    processor: string;
    environment: PaymentEnvironment;
    currency: string;
    amountMinor: number;
    clientInfo: unknown;
    /** ISO 3166 alpha-2 of the buyer's address, or null when the lookup found none. */
    country?: string | null;
    attribution?: Record<string, string> | null;
    /** A coupon's code and what it took off (amountMinor is already the discounted price). */
    coupon?: { code: string; discountMinor: number } | null;
    /** The promotion whose sale priced it (decision 057). */
    promotionId?: string | null;
  },
): Promise<string> {
  const id = `ord_${randomBytes(12).toString("hex")}`;
  await db.insert(orders).values({
    id,
    userId: input.userId,
    planId: input.planId,
    provider: input.provider,
    processor: input.processor,
    environment: input.environment,
    currency: input.currency,
    amount: input.amountMinor,
    clientInfo: JSON.stringify(input.clientInfo ?? {}).slice(0, 4000),
    country: input.country ?? null,
    attribution: input.attribution ?? null,
    couponCode: input.coupon?.code ?? null,
    discountAmount: input.coupon?.discountMinor ?? 0,
    promotionId: input.promotionId ?? null,
  });
  return id;
}

/** What the processor answered when the purchase started: its id for it and the page to pay on. */
export async function recordCheckout(db: Database, orderId: string, checkout: { reference: string; webUrl: string }) {
  await db
    .update(orders)
    .set({ providerReference: checkout.reference, checkoutUrl: checkout.webUrl, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

/** A purchase the processor would not start: never paid, so never pending; its coupon is given back. */
export async function markOrderFailed(db: Database, orderId: string) {
  await db.transaction(async (tx) => {
    const [failed] = await tx
      .update(orders)
      .set({ status: "failed", updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
      .returning({ id: orders.id });
    if (failed) await releaseCoupon(tx, orderId);
  });
}

export async function findOrder(db: Database, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** Stores a verified event first (its id unique per processor); false when it was seen before. */
export async function recordProviderEvent(
  db: Database,
  processor: string,
  event: ProviderEvent,
): Promise<{ id: number; duplicate: boolean }> {
  const [inserted] = await db
    .insert(webhookEvents)
    .values({ processor, eventId: event.eventId, type: event.event.type, payload: JSON.stringify(event) })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  if (inserted) return { id: inserted.id, duplicate: false };
  const [existing] = await db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.processor, processor), eq(webhookEvents.eventId, event.eventId)));
  return { id: existing?.id ?? 0, duplicate: true };
}

const reviveEvent = (payload: string): ProviderEvent => {
  const parsed = JSON.parse(payload) as ProviderEvent;
  const event = parsed.event as { at: string | Date; periodEnd?: string | Date };
  event.at = new Date(event.at);
  if (event.periodEnd) event.periodEnd = new Date(event.periodEnd);
  return parsed;
};

/**
 * Applies a stored event in one transaction, holding its row: concurrent deliveries of the
 * same event wait, then find it processed. The order and the subscription move together, and the
 * receipt is queued in the same transaction as the order turns paid (so exactly once).
 */
export async function processStoredEvent(
  db: Database,
  storedId: number,
): Promise<{ receiptQueued: boolean; refundNoticeQueued: boolean; rejected: string | null }> {
  let receiptQueued = false;
  let refundNoticeQueued = false;
  let rejected: string | null = null;
  await db.transaction(async (tx) => {
    const locked = (await tx.execute(
      sql`select id, processor, payload, processed_at from webhook_events where id = ${storedId} for update`,
    )) as unknown as { rows: Array<{ id: number; processor: string; payload: string; processed_at: unknown }> };
    const row = locked.rows[0];
    if (!row || row.processed_at) return;
    const stored = reviveEvent(row.payload);
    const { orderId, subscriptionRef, event } = stored;
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    const [switchedFrom] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(eq(subscriptions.processor, row.processor), eq(subscriptions.providerSubscriptionId, subscriptionRef)),
      );
    rejected = order ? eventMismatch(order, row.processor, stored, switchedTerms(switchedFrom)) : null;
    if (order && rejected) {
      // Kept, marked and never applied: someone should look at a payment that is not what we sold.
      await tx
        .update(webhookEvents)
        .set({ processedAt: new Date(), rejectedReason: rejected })
        .where(eq(webhookEvents.id, storedId));
      return;
    }
    if (order) {
      if (order.userId === null) {
        // Its buyer deleted the account: the order stays for the books, its events change nothing.
        await tx
          .update(webhookEvents)
          .set({ processedAt: new Date(), rejectedReason: "account deleted" })
          .where(eq(webhookEvents.id, storedId));
        return;
      }
      const buyer = order.userId;
      if (event.type === "declined" || event.type === "abandoned") {
        if (order.status === "pending") {
          await tx
            .update(orders)
            .set({ status: event.type === "declined" ? "failed" : "canceled", updatedAt: new Date() })
            .where(eq(orders.id, order.id));
          // Never paid: the coupon's redemption goes back to the pool.
          await releaseCoupon(tx, order.id);
        }
      } else {
        const [existing] = await tx
          .select()
          .from(subscriptions)
          .where(
            and(eq(subscriptions.processor, row.processor), eq(subscriptions.providerSubscriptionId, subscriptionRef)),
          );
        const before: SubscriptionState = existing
          ? {
              status: existing.status as SubscriptionStatus,
              currentPeriodEnd: existing.currentPeriodEnd,
              autoRenew: existing.autoRenew,
              lastEventAt: existing.lastEventAt,
            }
          : stored.prepaid
            ? PREPAID_INITIAL_STATE
            : INITIAL_STATE;
        const after = applyBillingEvent(
          before,
          stored.prepaid && !existing ? await afterPaidTime(tx, buyer, event) : event,
        );
        const values = {
          status: after.status,
          currentPeriodEnd: after.currentPeriodEnd,
          autoRenew: after.autoRenew,
          lastEventAt: after.lastEventAt,
          updatedAt: new Date(),
        };
        // The renewal's payment of a scheduled switch's plan (decision 037): the switch takes effect.
        const switchNow =
          event.type === "payment_succeeded" &&
          existing?.scheduledPlanId &&
          stored.charge?.amountMinor === existing.scheduledPlanAmount &&
          (stored.charge?.planId ?? existing.scheduledPlanId) === existing.scheduledPlanId;
        if (existing && switchNow) {
          await tx
            .update(subscriptions)
            .set({
              ...values,
              planId: existing.scheduledPlanId ?? existing.planId,
              planAmount: existing.scheduledPlanAmount,
              scheduledPlanId: null,
              scheduledPlanAmount: null,
            })
            .where(eq(subscriptions.id, existing.id));
          // A plan with fewer devices: the newest bindings over its limit go, as when access ends.
          await trimDevicesToLimit(
            tx,
            order.userId,
            await deviceLimitForUser(tx, order.userId, DEFAULT_DEVICE_LIMIT, event.at),
          );
        } else if (existing) {
          await tx.update(subscriptions).set(values).where(eq(subscriptions.id, existing.id));
        } else {
          await tx.insert(subscriptions).values({
            ...values,
            userId: buyer,
            planId: order.planId,
            orderId: order.id,
            provider: order.provider,
            processor: row.processor,
            providerSubscriptionId: subscriptionRef,
            startedAt: event.at,
          });
        }
        if (event.type === "payment_succeeded" && order.status !== "active") {
          // Conditional: of two different events paying the same order at once, one turns it paid.
          const [paidNow] = await tx
            .update(orders)
            .set({ status: "active", paymentFingerprint: stored.charge?.fingerprint ?? null, updatedAt: new Date() })
            .where(and(eq(orders.id, order.id), ne(orders.status, "active")))
            .returning();
          // No receipt for a payment that arrives after its refund (events out of order).
          if (paidNow && after.status !== "expired") {
            receiptQueued = await queueReceipt(tx, paidNow, {
              at: event.at,
              renewsAt: after.currentPeriodEnd,
              autoRenew: after.autoRenew,
            });
          }
        }
        // Access ended (refund, dispute, cancellation, end of the period): the devices over the
        // limit the account has now are unbound, in the same transaction.
        const ended = after.status === "expired" && before.status !== "expired";
        const devicesUnbound = ended
          ? await trimDevicesToLimit(tx, buyer, await deviceLimitForUser(tx, buyer, DEFAULT_DEVICE_LIMIT, event.at))
          : 0;
        if (event.type === "refunded") {
          // Conditional, as for paying: a refund reported twice (ours and the webhook) mails once.
          const [refundedNow] = await tx
            .update(orders)
            .set({ status: "refunded", updatedAt: new Date() })
            .where(and(eq(orders.id, order.id), ne(orders.status, "refunded")))
            .returning();
          if (refundedNow) {
            refundNoticeQueued = await queueRefundNotice(tx, refundedNow, { at: event.at, devicesUnbound });
          }
        }
      }
    }
    await tx.update(webhookEvents).set({ processedAt: new Date() }).where(eq(webhookEvents.id, storedId));
  });
  return { receiptQueued, refundNoticeQueued, rejected };
}

/** A prepaid period (decision 050) starts with renewal off: nothing renews it. */
const PREPAID_INITIAL_STATE: SubscriptionState = { ...INITIAL_STATE, autoRenew: false };

/**
 * A prepaid period bought while the account still has paid time starts where that time ends (a
 * crypto buyer who buys again before the end loses no day); the same length, moved.
 */
async function afterPaidTime(db: Pick<Database, "select">, userId: number, event: BillingEvent): Promise<BillingEvent> {
  if (event.type !== "payment_succeeded") return event;
  const rows = await db
    .select({ status: subscriptions.status, currentPeriodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  let paidUntil = event.at;
  for (const row of rows) {
    const live =
      remainingSeconds({ status: row.status as SubscriptionStatus, currentPeriodEnd: row.currentPeriodEnd }, event.at) >
      0;
    if (live && row.currentPeriodEnd && row.currentPeriodEnd > paidUntil) paidUntil = row.currentPeriodEnd;
  }
  if (paidUntil <= event.at) return event;
  return { ...event, periodEnd: new Date(paidUntil.getTime() + (event.periodEnd.getTime() - event.at.getTime())) };
}

/** The plans and prices a subscription's renewals may charge after a switch (now, or scheduled). */
function switchedTerms(subscription: typeof subscriptions.$inferSelect | undefined) {
  if (!subscription) return [];
  const terms: Array<{ planId: string; amount: number }> = [];
  if (subscription.planAmount !== null) terms.push({ planId: subscription.planId, amount: subscription.planAmount });
  if (subscription.scheduledPlanId && subscription.scheduledPlanAmount !== null) {
    terms.push({ planId: subscription.scheduledPlanId, amount: subscription.scheduledPlanAmount });
  }
  return terms;
}

/** Events stored but not processed (a crash in between): processed at start. */
export async function processPendingEvents(db: Database): Promise<number> {
  const pending = await db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(isNull(webhookEvents.processedAt));
  for (const { id } of pending) await processStoredEvent(db, id);
  return pending.length;
}

/** Records and applies an event; the answer a webhook endpoint gives is the same for duplicates. */
export async function ingestProviderEvent(
  db: Database,
  processor: string,
  event: ProviderEvent,
): Promise<{ duplicate: boolean; receiptQueued: boolean; refundNoticeQueued: boolean; rejected: string | null }> {
  const stored = await recordProviderEvent(db, processor, event);
  const applied = await processStoredEvent(db, stored.id);
  return { duplicate: stored.duplicate, ...applied };
}

/** The order a processor's subscription was bought with (for events that name only the subscription). */
export async function orderOfSubscription(db: Database, processor: string, subscriptionRef: string) {
  const [row] = await db
    .select({ orderId: subscriptions.orderId })
    .from(subscriptions)
    .where(and(eq(subscriptions.processor, processor), eq(subscriptions.providerSubscriptionId, subscriptionRef)));
  return row?.orderId ?? null;
}

/**
 * A subscription a processor holds (bought through an order), as opposed to time a voucher or an
 * invite reward added, which no processor renews, switches or bills.
 */
export const heldByProcessor = (row: Pick<typeof subscriptions.$inferSelect, "orderId">): boolean =>
  row.orderId !== null;

/** Newest first. */
export async function subscriptionsOfUser(db: Database, userId: number) {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.id));
}

/** VIP status (SPEC §3): the longest paid period left over the user's subscriptions. */
export async function vipForUser(db: Database, userId: number, now: Date = new Date()) {
  const rows = await subscriptionsOfUser(db, userId);
  let best: { remain: number; end: Date | null } = { remain: 0, end: null };
  for (const row of rows) {
    const remain = remainingSeconds(
      { status: row.status as SubscriptionStatus, currentPeriodEnd: row.currentPeriodEnd },
      now,
    );
    if (remain > best.remain) best = { remain, end: row.currentPeriodEnd };
  }
  return { is_vip: best.remain > 0, remain_time: best.remain, expire_at: best.end?.toISOString() ?? null };
}

/** Devices an account may bind: the largest limit among the plans it has paid time on, else the default. */
export async function deviceLimitForUser(
  db: Pick<Database, "select">,
  userId: number,
  fallback: number,
  now: Date = new Date(),
): Promise<number> {
  const rows = await db
    .select({ status: subscriptions.status, end: subscriptions.currentPeriodEnd, limit: plans.deviceLimit })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId));
  const paid = rows.filter(
    (row) => remainingSeconds({ status: row.status as SubscriptionStatus, currentPeriodEnd: row.end }, now) > 0,
  );
  return paid.length > 0 ? Math.max(...paid.map((row) => row.limit)) : fallback;
}
