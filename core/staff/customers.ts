import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { devices, staffMembers, users } from "../../db/schema";
import { APPS } from "../../universal/apps/app-registry";
import type { CustomerDetail } from "../../universal/staff/console-records";
import { disableAccount, enableAccount } from "../auth/account-disable";
import { endOwnSession, listActiveSessions, revokeUserSessions } from "../auth/sessions";
import { PREPAID_PROCESSORS } from "../billing/providers/payment-provider";
import { cancelRenewal, type RenewalChangeDeps, type RenewalChangeResult } from "../billing/renewal-change";
import { subscriptionsWithPlanLength } from "../billing/subscriptions-of-account";
import { listDevices, unbindDevices } from "../devices/devices";
import { ordersOfAccount } from "./order-search";
import { type Actor, recordAudit } from "./staff";

/**
 * The console's customer view and its actions (decision 058). Reading is for orders.read; every
 * action (customers.manage) goes through the function the customer's own request uses (renewal
 * off, ending a session or all of them, unbinding a device), or the new disable/enable of
 * core/auth/account-disable.ts, and leaves an audit row with the record before and after.
 */

const appName = (appType: number) => APPS.get(appType)?.product ?? String(appType);

/** Everything support needs about one account; null when there is no such account. */
export async function customerDetail(db: Database, userId: number, now = new Date()): Promise<CustomerDetail | null> {
  const [account] = await db
    .select({
      id: users.id,
      email: users.email,
      locale: users.locale,
      createdAt: users.createdAt,
      disabledAt: users.disabledAt,
      staffRole: staffMembers.role,
    })
    .from(users)
    .leftJoin(staffMembers, eq(staffMembers.userId, users.id))
    .where(eq(users.id, userId));
  if (!account) return null;
  const { rows } = await subscriptionsWithPlanLength(db, userId, { pageSize: 50 });
  const bound = await listDevices(db, userId);
  const live = await listActiveSessions(db, userId, now);
  return {
    account: {
      user_id: account.id,
      email: account.email,
      locale: account.locale,
      created_at: account.createdAt.toISOString(),
      disabled_at: account.disabledAt?.toISOString() ?? null,
      is_staff: account.staffRole !== null,
    },
    subscriptions: rows.map((row) => ({
      id: row.id,
      plan_id: row.planId,
      plan_months: row.planMonths,
      status: row.status,
      provider: row.provider,
      auto_renew: row.autoRenew,
      prepaid: PREPAID_PROCESSORS.has(row.processor),
      period_end: row.currentPeriodEnd?.toISOString() ?? null,
    })),
    payments: await ordersOfAccount(db, userId),
    devices: bound.devices.map((device) => ({
      app_type: device.appType,
      app_name: appName(device.appType),
      platform: APPS.get(device.appType)?.family ?? "unknown",
      device_id: device.deviceId,
      device_name: device.deviceName,
      last_seen: device.lastSeenAt.toISOString(),
    })),
    sessions: live.map((session) => ({
      id: session.id,
      app_type: session.appType,
      app_name: appName(session.appType),
      browser: session.browser,
      os: session.os,
      country: session.country,
      created_at: session.createdAt.toISOString(),
      last_seen_at: session.lastSeenAt.toISOString(),
    })),
  };
}

const renewalRecord = (subscription: { status: string; autoRenew: boolean; currentPeriodEnd: Date | null }) => ({
  status: subscription.status,
  auto_renew: subscription.autoRenew,
  period_end: subscription.currentPeriodEnd?.toISOString() ?? null,
});

/**
 * Renewal off at the period end, through the customer's own `cancelRenewal` (the processor first,
 * then the event path). The audit row follows the change it records, as the refund's does: the
 * processor is asked between the two.
 */
export async function staffCancelRenewal(
  deps: RenewalChangeDeps,
  input: { userId: number; subscriptionId: number },
  actor: Actor,
): Promise<RenewalChangeResult> {
  const { rows } = await subscriptionsWithPlanLength(deps.db, input.userId, { pageSize: 1000 });
  const before = rows.find((row) => row.id === input.subscriptionId);
  const result = await cancelRenewal(deps, input);
  if (result.ok) {
    await recordAudit(deps.db, {
      actor,
      action: "customer.cancel",
      target: `subscription:${input.subscriptionId}`,
      before: before ? { user_id: input.userId, ...renewalRecord(before) } : null,
      after: { user_id: input.userId, ...renewalRecord(result.subscription) },
    });
  }
  return result;
}

/**
 * Ends one of the account's sessions (`sessionId`), as the customer's session list does, or all of
 * them, as "sign out everywhere" does. Returns how many ended (0: none was live).
 */
export async function staffEndSessions(
  db: Database,
  input: { userId: number; sessionId?: number },
  actor: Actor,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const live = (await listActiveSessions(tx, input.userId, now)).length;
    const ended =
      input.sessionId === undefined
        ? await revokeUserSessions(tx, input.userId, "ended_by_staff", { now })
        : (await endOwnSession(tx, { userId: input.userId, sessionId: input.sessionId, now, reason: "ended_by_staff" }))
          ? 1
          : 0;
    if (ended > 0) {
      await recordAudit(tx, {
        actor,
        action: "customer.session_end",
        target: input.sessionId === undefined ? `user:${input.userId}` : `session:${input.sessionId}`,
        before: { user_id: input.userId, live_sessions: live },
        after: { user_id: input.userId, live_sessions: live - ended },
        now,
      });
    }
    return ended;
  });
}

/** Unbinds one device of the account, as the customer's device list does; false when it is not there. */
export async function staffRemoveDevice(
  db: Database,
  input: { userId: number; appType: number; deviceId: string },
  actor: Actor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [device] = await tx
      .select({ appType: devices.appType, deviceId: devices.deviceId, name: devices.deviceName })
      .from(devices)
      .where(
        and(eq(devices.userId, input.userId), eq(devices.appType, input.appType), eq(devices.deviceId, input.deviceId)),
      );
    if (!device) return false;
    const removed = await unbindDevices(tx, input);
    if (removed === 0) return false;
    await recordAudit(tx, {
      actor,
      action: "customer.device_remove",
      target: `user:${input.userId}`,
      before: { app_type: device.appType, device_id: device.deviceId, device_name: device.name },
      after: null,
    });
    return true;
  });
}

export type DisableResult =
  | { ok: true; changed: boolean; sessionsEnded: number; keysRevoked: number }
  | { ok: false; reason: "not_found" | "staff" };

/**
 * Disables a customer's account (core/auth/account-disable.ts) with its audit row in the same
 * transaction. Staff accounts are refused: support must not lock out an owner.
 */
export async function staffDisableAccount(
  db: Database,
  userId: number,
  actor: Actor,
  now = new Date(),
): Promise<DisableResult> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ role: staffMembers.role })
      .from(staffMembers)
      .where(eq(staffMembers.userId, userId));
    if (member) return { ok: false, reason: "staff" } as const;
    const outcome = await disableAccount(tx, userId, now);
    if (!outcome) return { ok: false, reason: "not_found" } as const;
    // A repeat that found nothing left to end is no change and leaves no row.
    const changed = outcome.changed || outcome.sessionsEnded > 0 || outcome.keysRevoked > 0;
    if (changed)
      await recordAudit(tx, {
        actor,
        action: "customer.disable",
        target: `user:${userId}`,
        before: { disabled: !outcome.changed },
        after: {
          disabled: true,
          ...(outcome.changed ? { disabled_at: now.toISOString() } : {}),
          sessions_ended: outcome.sessionsEnded,
          vpn_keys_revoked: outcome.keysRevoked,
        },
        now,
      });
    return { ok: true, ...outcome } as const;
  });
}

/** Lets a disabled account sign in again; `changed` false when it was not disabled. Null: no such account. */
export async function staffEnableAccount(db: Database, userId: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId));
    if (!account) return null;
    const changed = await enableAccount(tx, userId);
    if (changed) {
      await recordAudit(tx, {
        actor,
        action: "customer.enable",
        target: `user:${userId}`,
        before: { disabled: true, disabled_at: account.disabledAt?.toISOString() ?? null },
        after: { disabled: false },
      });
    }
    return { changed };
  });
}
