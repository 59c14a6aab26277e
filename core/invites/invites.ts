import { randomBytes } from "node:crypto";
import { and, count, desc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { inviteCodes, inviteRewards, orders, subscriptions, users } from "../../db/schema";
import { inviteCodeFromBytes, normaliseInviteCode } from "../../universal/invites/invite-code";
import { deviceLimitForUser, vipForUser } from "../billing/orders";
import { DEFAULT_DEVICE_LIMIT } from "../devices/free-device-limit";
import { trimDevicesToLimit } from "../devices/trim-devices";
import { addVoucherPeriod } from "../vouchers/vouchers";
import { capWindowStart, type InviteSettings, type RewardRefusal, rewardDecision, rewardDueAt } from "./invite-rules";

/**
 * Invite a friend (decision 047): a paying customer's stable code, and the rewards a friend's first
 * paid purchase earns both of them. A background job (`settleInviteRewards`) records rewards for
 * paid orders that came through an invite, makes them final once due, and cancels or takes them
 * back when the order is refunded. Safe with several processes: each order's rewards are recorded
 * under the inviter's row lock with a unique (order, role) row, and each reward row is claimed
 * `FOR UPDATE SKIP LOCKED`.
 */

/** The provider and processor of the subscription rows that rewards grant (never renewed, never charged). */
export const INVITE_PROVIDER = "invite";
const PAID = ["active", "refunded"];

/** The account's code, created on first ask; null while the account has bought nothing (only paying customers invite). */
export async function inviteCodeFor(
  db: Database,
  userId: number,
  random: (size: number) => Uint8Array = randomBytes,
): Promise<string | null> {
  const [existing] = await db
    .select({ code: inviteCodes.code })
    .from(inviteCodes)
    .where(eq(inviteCodes.userId, userId));
  if (existing) return existing.code;
  const [paid] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "active")))
    .limit(1);
  if (!paid) return null;
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = inviteCodeFromBytes(random(10));
    // Another request of the same account may insert first (the key); a code taken by someone else: try again.
    await db.insert(inviteCodes).values({ userId, code }).onConflictDoNothing();
    const [mine] = await db.select({ code: inviteCodes.code }).from(inviteCodes).where(eq(inviteCodes.userId, userId));
    if (mine) return mine.code;
  }
  throw new Error("no free invite code");
}

const inviteCodeOf = (column: typeof orders.attribution | typeof users.attribution) =>
  sql<string | null>`upper(${column}->>'invite_code')`;

/** Records the rewards of one paid order that came through an invite; the refusal when it earns none. */
async function recordRewards(
  db: Database,
  orderId: string,
  settings: InviteSettings,
  now: Date,
): Promise<RewardRefusal | "recorded" | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (order?.status !== "active" || order.userId === null) return null;
    const code = normaliseInviteCode(order.attribution?.invite_code);
    const [owner] = code
      ? await tx.select({ userId: inviteCodes.userId }).from(inviteCodes).where(eq(inviteCodes.code, code))
      : [];
    // The inviter's row, locked: rewards of one inviter are counted against the cap one at a time.
    const [inviter] = owner
      ? await tx.select().from(users).where(eq(users.id, owner.userId)).for("update")
      : [undefined];
    const [friend] = await tx.select().from(users).where(eq(users.id, order.userId));
    if (!friend) return null;
    const [already] = await tx
      .select({ id: inviteRewards.id })
      .from(inviteRewards)
      .where(eq(inviteRewards.orderId, order.id));
    if (already) return null;
    const inviterFingerprints = inviter
      ? (
          await tx
            .select({ fingerprint: orders.paymentFingerprint })
            .from(orders)
            .where(and(eq(orders.userId, inviter.id), sql`${orders.paymentFingerprint} is not null`))
        ).map((row) => row.fingerprint as string)
      : [];
    const [earlier] = await tx
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.userId, friend.id),
          inArray(orders.status, PAID),
          ne(orders.id, order.id),
          lt(orders.createdAt, order.createdAt),
        ),
      );
    const [thisYear] = inviter
      ? await tx
          .select({ n: count() })
          .from(inviteRewards)
          .where(
            and(
              eq(inviteRewards.inviterId, inviter.id),
              eq(inviteRewards.role, "inviter"),
              inArray(inviteRewards.status, ["pending", "granted"]),
              gte(inviteRewards.createdAt, capWindowStart(now)),
            ),
          )
      : [{ n: 0 }];
    const decision = rewardDecision({
      settings,
      parties: inviter
        ? {
            inviter: { id: inviter.id, email: inviter.email, fingerprints: inviterFingerprints },
            friend: { id: friend.id, email: friend.email, fingerprint: order.paymentFingerprint },
          }
        : null,
      earlierPaidOrders: Number(earlier?.n ?? 0),
      inviterRewardsThisYear: Number(thisYear?.n ?? 0),
    });
    const [subscription] = await tx
      .select({ startedAt: subscriptions.startedAt })
      .from(subscriptions)
      .where(eq(subscriptions.orderId, order.id))
      .orderBy(subscriptions.id)
      .limit(1);
    const dueAt = rewardDueAt(subscription?.startedAt ?? order.updatedAt, settings.delayDays);
    const row = {
      orderId: order.id,
      inviterId: inviter?.id ?? null,
      periodMonths: settings.months,
      periodDays: settings.days,
      dueAt,
      createdAt: now,
    };
    if (!decision.reward) {
      // Recorded (no time, no user) so the order is decided once; the report counts no reward.
      await tx
        .insert(inviteRewards)
        .values({ ...row, role: "friend", userId: null, status: "refused", refusal: decision.refused })
        .onConflictDoNothing();
      return decision.refused;
    }
    await tx
      .insert(inviteRewards)
      .values([
        { ...row, role: "friend", userId: friend.id, status: "pending" },
        {
          ...row,
          role: "inviter",
          userId: inviter?.id ?? null,
          status: decision.inviterCapped ? "refused" : "pending",
          refusal: decision.inviterCapped ? "cap" : null,
        },
      ])
      .onConflictDoNothing();
    return "recorded";
  });
}

/** Grants a due reward, or cancels it when its order was refunded; under the reward's row lock. */
async function settleOne(
  db: Database,
  rewardId: number,
  now: Date,
): Promise<"granted" | "cancelled" | "revoked" | null> {
  return db.transaction(async (tx) => {
    const [reward] = await tx
      .select()
      .from(inviteRewards)
      .where(eq(inviteRewards.id, rewardId))
      .for("update", { skipLocked: true });
    if (!reward || (reward.status !== "pending" && reward.status !== "granted")) return null;
    const [order] = await tx.select().from(orders).where(eq(orders.id, reward.orderId));
    const refunded = !order || order.status === "refunded";
    if (reward.status === "pending" && (refunded || reward.userId === null)) {
      await tx.update(inviteRewards).set({ status: "cancelled", endedAt: now }).where(eq(inviteRewards.id, reward.id));
      return "cancelled";
    }
    if (reward.status === "granted") {
      if (!refunded) return null;
      // Taken back: the time the reward added ends now (or never starts, when it was still ahead).
      if (reward.subscriptionId !== null) {
        await tx
          .update(subscriptions)
          .set({
            status: "expired",
            currentPeriodEnd: sql`least(${subscriptions.currentPeriodEnd}, ${now.toISOString()})`,
            updatedAt: now,
          })
          .where(eq(subscriptions.id, reward.subscriptionId));
      }
      await tx.update(inviteRewards).set({ status: "revoked", endedAt: now }).where(eq(inviteRewards.id, reward.id));
      if (reward.userId !== null) {
        await trimDevicesToLimit(
          tx,
          reward.userId,
          await deviceLimitForUser(tx, reward.userId, DEFAULT_DEVICE_LIMIT, now),
        );
      }
      return "revoked";
    }
    if (reward.dueAt > now || reward.userId === null || !order) return null;
    const userId = reward.userId;
    // The account's row, as for vouchers: two grants at once both stack.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    // The plan the time is on (its device limit): the friend's purchase; the inviter's own latest paid plan.
    const [ownPlan] =
      reward.role === "inviter"
        ? await tx
            .select({ planId: orders.planId })
            .from(orders)
            .where(and(eq(orders.userId, userId), eq(orders.status, "active")))
            .orderBy(desc(orders.createdAt))
            .limit(1)
        : [];
    const vip = await vipForUser(tx, userId, now);
    const start = vip.is_vip && vip.expire_at ? new Date(vip.expire_at) : now;
    const until = addVoucherPeriod(start, reward.periodMonths, reward.periodDays);
    const [granted] = await tx
      .insert(subscriptions)
      .values({
        userId,
        planId: ownPlan?.planId ?? order.planId,
        orderId: null,
        provider: INVITE_PROVIDER,
        processor: INVITE_PROVIDER,
        providerSubscriptionId: `invite_${reward.id}`,
        status: "active",
        autoRenew: false,
        startedAt: start,
        currentPeriodEnd: until,
        lastEventAt: now,
        updatedAt: now,
      })
      .returning({ id: subscriptions.id });
    await tx
      .update(inviteRewards)
      .set({ status: "granted", grantedAt: now, subscriptionId: granted?.id ?? null })
      .where(eq(inviteRewards.id, reward.id));
    return "granted";
  });
}

export interface SettleOutcome {
  recorded: number;
  granted: number;
  cancelled: number;
  revoked: number;
}

/**
 * The job: records rewards of paid orders that came through an invite, grants the due ones, and
 * cancels or takes back those whose order was refunded. Idempotent; run by every process.
 */
export async function settleInviteRewards(
  db: Database,
  settings: InviteSettings,
  now: Date = new Date(),
  limit = 200,
): Promise<SettleOutcome> {
  const outcome: SettleOutcome = { recorded: 0, granted: 0, cancelled: 0, revoked: 0 };
  const fresh = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, "active"),
        sql`${inviteCodeOf(orders.attribution)} is not null`,
        sql`not exists (select 1 from ${inviteRewards} where ${inviteRewards.orderId} = ${orders.id})`,
      ),
    )
    .limit(limit);
  for (const { id } of fresh) {
    if ((await recordRewards(db, id, settings, now)) === "recorded") outcome.recorded++;
  }
  const due = await db
    .select({ id: inviteRewards.id })
    .from(inviteRewards)
    .innerJoin(orders, eq(orders.id, inviteRewards.orderId))
    .where(
      sql`(${inviteRewards.status} = 'pending' and (${inviteRewards.dueAt} <= ${now.toISOString()} or ${orders.status} = 'refunded'))
        or (${inviteRewards.status} = 'granted' and ${orders.status} = 'refunded')`,
    )
    .orderBy(inviteRewards.dueAt)
    .limit(limit);
  for (const { id } of due) {
    const settled = await settleOne(db, id, now);
    if (settled) outcome[settled]++;
  }
  return outcome;
}

export type InviteRewardView = {
  role: "inviter" | "friend";
  status: "pending" | "granted" | "cancelled" | "revoked";
  months: number;
  days: number;
  due_at: string;
  granted_at: string | null;
};

/** What the account shows: friends who joined and who bought through the code, and the account's own rewards. */
export async function inviteOverview(db: Database, userId: number, code: string | null) {
  const joined = code
    ? await db
        .select({ n: count() })
        .from(users)
        .where(sql`${inviteCodeOf(users.attribution)} = ${code}`)
    : [{ n: 0 }];
  const purchased = code
    ? await db
        .select({ n: sql<number>`count(distinct ${orders.userId})` })
        .from(orders)
        .where(
          and(
            inArray(orders.status, PAID),
            sql`${inviteCodeOf(orders.attribution)} = ${code}`,
            ne(orders.userId, userId),
          ),
        )
    : [{ n: 0 }];
  const rows = await db
    .select()
    .from(inviteRewards)
    .where(
      and(
        eq(inviteRewards.userId, userId),
        inArray(inviteRewards.status, ["pending", "granted", "cancelled", "revoked"]),
      ),
    )
    .orderBy(desc(inviteRewards.id));
  const rewards: InviteRewardView[] = rows.map((row) => ({
    role: row.role as InviteRewardView["role"],
    status: row.status as InviteRewardView["status"],
    months: row.periodMonths,
    days: row.periodDays,
    due_at: row.dueAt.toISOString(),
    granted_at: row.grantedAt?.toISOString() ?? null,
  }));
  return { joined: Number(joined[0]?.n ?? 0), purchased: Number(purchased[0]?.n ?? 0), rewards };
}

/** The operator's report (decision 047): sign-ups and first paid orders through invites, and rewards granted, in the window. */
export async function invitesReport(db: Database, window: { from: Date; to: Date }) {
  const from = window.from.toISOString();
  const to = window.to.toISOString();
  const [joined] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        sql`${inviteCodeOf(users.attribution)} is not null`,
        gte(users.createdAt, window.from),
        lt(users.createdAt, window.to),
      ),
    );
  const [converted] = await db
    .select({ n: count() })
    .from(inviteRewards)
    .where(
      and(
        eq(inviteRewards.role, "friend"),
        sql`${inviteRewards.status} <> 'refused'`,
        gte(inviteRewards.createdAt, window.from),
        lt(inviteRewards.createdAt, window.to),
      ),
    );
  const [rewarded] = await db
    .select({ n: count() })
    .from(inviteRewards)
    .where(sql`${inviteRewards.grantedAt} >= ${from} and ${inviteRewards.grantedAt} < ${to}`);
  return { joined: Number(joined?.n ?? 0), converted: Number(converted?.n ?? 0), rewarded: Number(rewarded?.n ?? 0) };
}

/**
 * The sandbox's test clock for invites (never in production, server/sandbox-pages.ts): the pending
 * rewards of a sandbox order fall due `days` earlier, as if that much time had passed since the
 * payment. The job then grants them on its next run.
 */
export async function advanceInviteClock(db: Database, orderId: string, days: number): Promise<number> {
  const moved = await db
    .update(inviteRewards)
    .set({ dueAt: sql`${inviteRewards.dueAt} - make_interval(days => ${days})` })
    .where(
      and(
        eq(inviteRewards.orderId, orderId),
        eq(inviteRewards.status, "pending"),
        sql`exists (select 1 from ${orders} where ${orders.id} = ${inviteRewards.orderId} and ${orders.processor} = 'sandbox')`,
      ),
    )
    .returning({ id: inviteRewards.id });
  return moved.length;
}
