import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orders, planPrices, planProviderProducts, plans, subscriptions } from "../../db/schema";
import { DEFAULT_DEVICE_LIMIT } from "../devices/free-device-limit";
import { trimDevicesToLimit } from "../devices/trim-devices";
import { deviceLimitForUser, heldByProcessor, subscriptionsOfUser } from "./orders";
import { prorationMoment, type SwitchRefusal, type SwitchTiming, switchRefusal } from "./plan-switch-rules";
import {
  type PaymentProcessor,
  type PlanChangeQuote,
  type PlanChangeRequest,
  PREPAID_PROCESSORS,
} from "./providers/payment-provider";
import { processorOfSubscription } from "./renewal-change";
import { remainingSeconds, type SubscriptionStatus } from "./subscription-state";

export interface PlanSwitchDeps {
  db: Database;
  processorFor: (name: string) => PaymentProcessor | null;
  now?: Date;
}

type SubscriptionRow = typeof subscriptions.$inferSelect;
type PlanRow = typeof plans.$inferSelect;

/** A plan the subscriber could move to, priced in their subscription's currency. */
export interface SwitchChoice {
  planId: string;
  months: number;
  deviceLimit: number;
  priceMinor: number;
  /** Null when the switch is allowed this way; else why not. */
  now: SwitchRefusal | null;
  atRenewal: SwitchRefusal | null;
}

/** What the account's "Your plan" card shows. */
export interface PlanSwitchStatus {
  subscription: {
    id: number;
    planId: string;
    months: number | null;
    deviceLimit: number | null;
    currency: string;
    priceMinor: number;
    periodEnd: Date | null;
    autoRenew: boolean;
    /** A prepaid period (crypto, decision 050): no choices, nothing to switch. */
    prepaid: boolean;
    scheduled: { planId: string; months: number | null; priceMinor: number | null; at: Date | null } | null;
  } | null;
  choices: SwitchChoice[];
}

const paidTimeLeft = (row: SubscriptionRow, now: Date) =>
  remainingSeconds({ status: row.status as SubscriptionStatus, currentPeriodEnd: row.currentPeriodEnd }, now) > 0;

/**
 * The subscription a switch applies to: the newest one a processor holds with paid time left, with
 * its order. Time a voucher or an invite reward added after it is no plan to switch (and hides none).
 */
async function currentSubscription(db: Database, userId: number, now: Date) {
  const row = (await subscriptionsOfUser(db, userId)).find(
    (candidate) => heldByProcessor(candidate) && paidTimeLeft(candidate, now),
  );
  if (!row?.orderId) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
  return order ? { row, order } : null;
}

/** The plans on sale with their price in one currency (null when not priced in it). */
async function plansIn(db: Database, currency: string) {
  const rows = await db
    .select({ plan: plans, saleAmount: planPrices.saleAmount })
    .from(plans)
    .leftJoin(planPrices, and(eq(planPrices.planId, plans.id), eq(planPrices.currency, currency)))
    .orderBy(asc(plans.sortOrder));
  return rows.map(({ plan, saleAmount }) => ({ plan, priceMinor: plan.active ? saleAmount : null }));
}

/** What a renewal of the subscription charges now (its switched plan's price, else what was bought). */
const renewalPrice = (row: SubscriptionRow, order: typeof orders.$inferSelect) => row.planAmount ?? order.amount;

function subjectOf(
  row: SubscriptionRow,
  currentPlanPrice: number | null,
  paid: number,
  processor: PaymentProcessor | null,
) {
  return {
    status: row.status as SubscriptionStatus,
    currentPeriodEnd: row.currentPeriodEnd,
    autoRenew: row.autoRenew,
    planId: row.planId,
    // Compared by the plans' list of prices (a coupon on the first payment does not make a plan cheaper).
    priceMinor: currentPlanPrice ?? paid,
    scheduledPlanId: row.scheduledPlanId,
    planChanges: processor?.planChanges !== false,
    prepaid: PREPAID_PROCESSORS.has(row.processor),
  };
}

/** The account's plan, its scheduled switch, and which other plans it may move to, and how. */
export async function planSwitchStatus(deps: PlanSwitchDeps, userId: number): Promise<PlanSwitchStatus> {
  const now = deps.now ?? new Date();
  const found = await currentSubscription(deps.db, userId, now);
  if (!found) return { subscription: null, choices: [] };
  const { row, order } = found;
  const priced = await plansIn(deps.db, order.currency);
  const planOf = (id: string | null) => priced.find((entry) => entry.plan.id === id);
  const current = planOf(row.planId);
  const subject = subjectOf(
    row,
    current?.priceMinor ?? null,
    renewalPrice(row, order),
    deps.processorFor(row.processor),
  );
  const scheduled = row.scheduledPlanId ? planOf(row.scheduledPlanId) : undefined;
  return {
    subscription: {
      id: row.id,
      planId: row.planId,
      months: current?.plan.months ?? null,
      deviceLimit: current?.plan.deviceLimit ?? null,
      currency: order.currency,
      priceMinor: renewalPrice(row, order),
      periodEnd: row.currentPeriodEnd,
      autoRenew: row.autoRenew,
      prepaid: subject.prepaid,
      scheduled: row.scheduledPlanId
        ? {
            planId: row.scheduledPlanId,
            months: scheduled?.plan.months ?? null,
            priceMinor: row.scheduledPlanAmount,
            at: row.currentPeriodEnd,
          }
        : null,
    },
    choices: priced
      .filter((entry) => !subject.prepaid && entry.priceMinor !== null && entry.plan.id !== row.planId)
      .map(({ plan, priceMinor }) => {
        const target = { planId: plan.id, priceMinor };
        return {
          planId: plan.id,
          months: plan.months,
          deviceLimit: plan.deviceLimit,
          priceMinor: priceMinor ?? 0,
          now: switchRefusal(subject, target, "now", now),
          atRenewal: switchRefusal(subject, target, "at_renewal", now),
        };
      }),
  };
}

export type PlanSwitchFailure =
  | { ok: false; reason: SwitchRefusal | "unknown_plan" | "processor_unavailable" }
  | { ok: false; reason: "processor_refused"; error: unknown };

interface Prepared {
  row: SubscriptionRow;
  processor: PaymentProcessor;
  request: PlanChangeRequest;
  targetPlan: PlanRow;
}

async function productIdOf(db: Database, planId: string, provider: string) {
  const [row] = await db
    .select({ productId: planProviderProducts.productId })
    .from(planProviderProducts)
    .where(and(eq(planProviderProducts.planId, planId), eq(planProviderProducts.provider, provider)));
  return row?.productId;
}

/** A switch asked for; `quotedAt` is when the customer's preview was made (prorationMoment). */
export interface SwitchInput {
  userId: number;
  planId: string;
  timing: SwitchTiming;
  quotedAt?: Date;
}

/** Checks a switch against the rules and builds what the processor is asked. */
async function prepare(deps: PlanSwitchDeps, input: SwitchInput, now: Date): Promise<Prepared | PlanSwitchFailure> {
  const found = await currentSubscription(deps.db, input.userId, now);
  const priced = found ? await plansIn(deps.db, found.order.currency) : [];
  const target = priced.find((entry) => entry.plan.id === input.planId);
  if (found && !target) return { ok: false, reason: "unknown_plan" };
  const current = priced.find((entry) => entry.plan.id === found?.row.planId);
  const subject = found
    ? subjectOf(
        found.row,
        current?.priceMinor ?? null,
        renewalPrice(found.row, found.order),
        deps.processorFor(found.row.processor),
      )
    : null;
  const refusal = switchRefusal(
    subject,
    { planId: input.planId, priceMinor: target?.priceMinor ?? null },
    input.timing,
    now,
  );
  if (refusal || !found || !target || target.priceMinor === null) {
    return { ok: false, reason: refusal ?? "not_subscriber" };
  }
  const { row, order } = found;
  const processor = await processorOfSubscription(deps, row);
  if (!processor) return { ok: false, reason: "processor_unavailable" };
  const request: PlanChangeRequest = {
    orderId: order.id,
    subscriptionRef: row.providerSubscriptionId,
    timing: input.timing,
    prorationDate: prorationMoment(input.quotedAt, now),
    currency: order.currency,
    current: {
      planId: row.planId,
      months: current?.plan.months ?? 1,
      amountMinor: renewalPrice(row, order),
      periodEnd: row.currentPeriodEnd ?? now,
      productId: await productIdOf(deps.db, row.planId, order.provider),
    },
    target: {
      planId: target.plan.id,
      months: target.plan.months,
      amountMinor: target.priceMinor,
      planName: `VPN subscription, ${target.plan.months} ${target.plan.months === 1 ? "month" : "months"}`,
      productId: await productIdOf(deps.db, target.plan.id, order.provider),
    },
  };
  return { row, processor, request, targetPlan: target.plan };
}

/** What a switch would cost, as the subscription's processor computes it (nothing changes). */
export async function previewPlanSwitch(
  deps: PlanSwitchDeps,
  input: SwitchInput,
): Promise<{ ok: true; quote: PlanChangeQuote; deviceLimit: number; quotedAt: Date } | PlanSwitchFailure> {
  const prepared = await prepare(deps, input, deps.now ?? new Date());
  if (!("request" in prepared)) return prepared;
  try {
    const quote = await prepared.processor.previewPlanChange(prepared.request);
    // quotedAt goes back with the switch, which then charges this very amount (prorationMoment).
    return { ok: true, quote, deviceLimit: prepared.targetPlan.deviceLimit, quotedAt: prepared.request.prorationDate };
  } catch (error) {
    return { ok: false, reason: "processor_refused", error };
  }
}

export type PlanSwitchResult =
  | { ok: true; quote: PlanChangeQuote; deviceLimit: number; devicesUnbound: number }
  | PlanSwitchFailure;

/**
 * Moves a subscriber to another plan. The processor is asked first; only when it confirms does
 * anything change here: now, the subscription takes the new plan, price and period at once (so
 * the device limit follows, and devices over a lower limit are unbound, as a refund does), and the
 * charge is recorded as a paid order of the new plan; at the renewal, the switch is stored on the
 * subscription and shown until the renewal's payment applies it (orders.ts).
 */
export async function switchPlan(deps: PlanSwitchDeps, input: SwitchInput): Promise<PlanSwitchResult> {
  const now = deps.now ?? new Date();
  const prepared = await prepare(deps, input, now);
  if (!("request" in prepared)) return prepared;
  const { row, processor, request, targetPlan } = prepared;
  let confirmed: PlanChangeQuote & { reference: string | null };
  try {
    confirmed = await processor.changePlan(request);
  } catch (error) {
    return { ok: false, reason: "processor_refused", error };
  }
  if (request.timing === "at_renewal") {
    await deps.db
      .update(subscriptions)
      .set({ scheduledPlanId: targetPlan.id, scheduledPlanAmount: request.target.amountMinor, updatedAt: new Date() })
      .where(eq(subscriptions.id, row.id));
    return { ok: true, quote: confirmed, deviceLimit: targetPlan.deviceLimit, devicesUnbound: 0 };
  }
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, request.orderId));
  const devicesUnbound = await deps.db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({
        planId: targetPlan.id,
        planAmount: request.target.amountMinor,
        currentPeriodEnd: confirmed.periodEnd ?? row.currentPeriodEnd,
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.id, row.id));
    if (order && confirmed.amountDueMinor > 0) {
      // The prorated charge is a payment of its own: the account's history and receipts list it.
      await tx.insert(orders).values({
        id: `ord_sw_${row.id}_${now.getTime()}`,
        userId: input.userId,
        planId: targetPlan.id,
        provider: order.provider,
        processor: order.processor,
        environment: order.environment,
        currency: order.currency,
        amount: confirmed.amountDueMinor,
        status: "active",
        providerReference: confirmed.reference,
        clientInfo: JSON.stringify({ planSwitchFrom: row.planId, subscriptionId: row.id }),
      });
    }
    const limit = await deviceLimitForUser(tx, input.userId, DEFAULT_DEVICE_LIMIT, now);
    return trimDevicesToLimit(tx, input.userId, limit);
  });
  return { ok: true, quote: confirmed, deviceLimit: targetPlan.deviceLimit, devicesUnbound };
}

/** Cancels a switch scheduled for the renewal: the processor first, then the record here. */
export async function cancelScheduledSwitch(
  deps: PlanSwitchDeps,
  userId: number,
): Promise<
  { ok: true } | { ok: false; reason: "no_switch" | "processor_unavailable" | "processor_refused"; error?: unknown }
> {
  const now = deps.now ?? new Date();
  const found = await currentSubscription(deps.db, userId, now);
  if (!found?.row.scheduledPlanId) return { ok: false, reason: "no_switch" };
  const { row, order } = found;
  const processor = await processorOfSubscription(deps, row);
  if (!processor) return { ok: false, reason: "processor_unavailable" };
  const priced = await plansIn(deps.db, order.currency);
  const planOf = (id: string) => priced.find((entry) => entry.plan.id === id)?.plan;
  const current = planOf(row.planId);
  const scheduled = planOf(row.scheduledPlanId ?? "");
  try {
    await processor.cancelPlanChange({
      orderId: order.id,
      subscriptionRef: row.providerSubscriptionId,
      timing: "at_renewal",
      prorationDate: now,
      currency: order.currency,
      current: {
        planId: row.planId,
        months: current?.months ?? 1,
        amountMinor: renewalPrice(row, order),
        periodEnd: row.currentPeriodEnd ?? now,
        productId: await productIdOf(deps.db, row.planId, order.provider),
      },
      target: {
        planId: row.scheduledPlanId ?? "",
        months: scheduled?.months ?? 1,
        amountMinor: row.scheduledPlanAmount ?? 0,
        planName: "",
      },
    });
  } catch (error) {
    return { ok: false, reason: "processor_refused", error };
  }
  await deps.db
    .update(subscriptions)
    .set({ scheduledPlanId: null, scheduledPlanAmount: null, updatedAt: new Date() })
    .where(eq(subscriptions.id, row.id));
  return { ok: true };
}
