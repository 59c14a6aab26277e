import { and, eq, gt, inArray, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { mailOutbox, orders, plans, subscriptionNotices, subscriptions, users } from "../../db/schema";
import { subscriptionNoticeMail } from "../email/notice-mails";
import {
  dueNotice,
  type NoticeKind,
  type NoticeSettings,
  noticeHorizonMs,
  PAYMENT_FAILED_NOTICE_MAX_DAYS,
} from "./notice-due";
import { PREPAID_PROCESSORS } from "./providers/payment-provider";
import { siteOriginOf } from "./receipt";
import { orderLocale } from "./return-urls";

export interface NoticeDeps {
  db: Database;
  settings: NoticeSettings;
  /** The clock: tests move it. */
  now: () => Date;
  /** PUBLIC_ORIGIN: the links' site when the order did not record where it was bought. */
  siteOrigin: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const LIVE_STATUSES = ["active", "past_due", "canceled"];

/**
 * Queues every notice that is due (renewal ahead, plan ending, renewal failed), each once. Safe
 * with several processes on one database: each notice is claimed in its own transaction that
 * locks its subscription row (`FOR UPDATE SKIP LOCKED`: a row another process holds is skipped,
 * it is sending that one), decides again under the lock, and inserts the notice's unique row
 * (kind, subscription, period end) together with its mail; a notice already recorded inserts
 * nothing and sends nothing.
 */
export async function sendDueNotices(deps: NoticeDeps, limit = 200): Promise<{ queued: NoticeKind[] }> {
  const now = deps.now();
  const from = new Date(now.getTime() - PAYMENT_FAILED_NOTICE_MAX_DAYS * DAY_MS);
  const until = new Date(now.getTime() + noticeHorizonMs(deps.settings));
  const candidates = await deps.db
    .select({ id: subscriptions.id, periodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, LIVE_STATUSES),
        gt(subscriptions.currentPeriodEnd, from),
        // A failed renewal is due whatever its period end; the others only within their days.
        or(eq(subscriptions.status, "past_due"), lte(subscriptions.currentPeriodEnd, until)),
        // Not already told about this period (any kind: the precise check is under the lock).
        sql`not exists (select 1 from ${subscriptionNotices} where ${subscriptionNotices.subscriptionId} = ${subscriptions.id} and ${subscriptionNotices.periodEnd} = ${subscriptions.currentPeriodEnd} and ${subscriptionNotices.kind} = case when ${subscriptions.status} = 'past_due' then 'payment_failed' when ${subscriptions.autoRenew} and ${subscriptions.status} = 'active' then 'renewal' else 'expiry' end)`,
      ),
    )
    .orderBy(subscriptions.currentPeriodEnd)
    .limit(limit);
  const queued: NoticeKind[] = [];
  for (const candidate of candidates) {
    const kind = await claimNotice(deps, candidate.id, now);
    if (kind) queued.push(kind);
  }
  return { queued };
}

/** One subscription's notice, if still due, claimed and queued in one transaction; its kind, or null. */
async function claimNotice(deps: NoticeDeps, subscriptionId: number, now: Date): Promise<NoticeKind | null> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId))
      .for("update", { skipLocked: true });
    if (!row?.orderId) return null;
    const [plan] = await tx.select().from(plans).where(eq(plans.id, row.planId));
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
    const [account] = await tx.select().from(users).where(eq(users.id, row.userId));
    if (!plan || !order || !account) return null;
    const due = dueNotice({ ...row, months: plan.months }, now, deps.settings);
    if (!due) return null;
    const [notice] = await tx
      .insert(subscriptionNotices)
      .values({ kind: due.kind, subscriptionId: row.id, periodEnd: due.periodEnd, sentAt: now })
      .onConflictDoNothing()
      .returning({ id: subscriptionNotices.id });
    if (!notice) return null;
    // What the renewal charges: a switch scheduled for it, else the price after a switch, else the
    // price bought (decision 037).
    const [scheduled] = row.scheduledPlanId
      ? await tx.select().from(plans).where(eq(plans.id, row.scheduledPlanId))
      : [];
    const mail = subscriptionNoticeMail({
      kind: due.kind,
      locale: orderLocale(order.clientInfo, account.locale),
      subscriptionId: row.id,
      months: scheduled?.months ?? plan.months,
      amountMinor: row.scheduledPlanAmount ?? row.planAmount ?? order.amount,
      currency: order.currency,
      periodEnd: due.periodEnd,
      siteOrigin: siteOriginOf(order.clientInfo) ?? deps.siteOrigin,
      prepaid: PREPAID_PROCESSORS.has(row.processor),
    });
    // An account-number account has no address (decision 042): the notice is claimed, nothing is sent.
    if (!account.email) return due.kind;
    const [queued] = await tx
      .insert(mailOutbox)
      .values({ to: account.email, ...mail })
      .returning({ id: mailOutbox.id });
    await tx
      .update(subscriptionNotices)
      .set({ mailId: queued?.id ?? null })
      .where(eq(subscriptionNotices.id, notice.id));
    return due.kind;
  });
}
