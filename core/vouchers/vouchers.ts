import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { plans, subscriptions, users, voucherBatches, voucherCodes } from "../../db/schema";
import {
  formatVoucherCode,
  normaliseVoucherCode,
  VOUCHER_CODE_LENGTH,
  voucherCodeFromBytes,
} from "../../universal/vouchers/voucher-code";
import { type Account, createPasswordlessAccount } from "../auth/accounts";
import { planIdSchema } from "../billing/manage-catalogue";
import { vipForUser } from "../billing/orders";

/**
 * Prepaid voucher codes (decision 046): the operator creates a batch (plan, period, count, expiry,
 * reseller) and gets its codes once; a customer, or a visitor who gets an account in the same step,
 * redeems one for VIP time on top of the period they have. Only SHA-256 hashes of the codes are
 * stored; a code's redemption is its audit record.
 */

/** The provider and processor of the subscription rows that vouchers grant (never renewed, never charged). */
export const VOUCHER_PROVIDER = "voucher";
export const MAX_BATCH_SIZE = 10_000;

export const createVoucherBatchSchema = z
  .object({
    plan_id: planIdSchema,
    period_months: z.number().int().min(0).max(36).default(0),
    period_days: z.number().int().min(0).max(366).default(0),
    count: z.number().int().min(1).max(MAX_BATCH_SIZE),
    expires_at: z.string().datetime({ offset: true }).nullable().default(null),
    reseller: z.string().trim().min(1).max(80),
  })
  .refine((batch) => batch.period_months + batch.period_days > 0, {
    message: "a period of at least one day",
    path: ["period_days"],
  });
export type CreateVoucherBatch = z.infer<typeof createVoucherBatchSchema>;

export type VoucherBatchSummary = {
  id: number;
  plan_id: string;
  period_months: number;
  period_days: number;
  count: number;
  redeemed: number;
  expires_at: string | null;
  reseller: string;
  created_by: string;
  created_at: string;
};

export const hashVoucherCode = (canonical: string) => createHash("sha256").update(canonical).digest("hex");

/** `start` plus whole months (the day clamped to the month's end, in UTC) plus days. */
export function addVoucherPeriod(start: Date, months: number, days: number): Date {
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return new Date(end.getTime() + days * 24 * 60 * 60 * 1000);
}

const summary = (row: typeof voucherBatches.$inferSelect, redeemed: number): VoucherBatchSummary => ({
  id: row.id,
  plan_id: row.planId,
  period_months: row.periodMonths,
  period_days: row.periodDays,
  count: row.count,
  redeemed,
  expires_at: row.expiresAt?.toISOString() ?? null,
  reseller: row.reseller,
  created_by: row.createdBy,
  created_at: row.createdAt.toISOString(),
});

/** A new batch and its codes, in the printed form: the only time the plaintext exists. */
export async function createVoucherBatch(
  db: Database,
  input: CreateVoucherBatch,
  actor: string,
  random: (size: number) => Uint8Array = randomBytes,
): Promise<{ batch: VoucherBatchSummary; codes: string[] } | { refused: "unknown_plan"; planId: string }> {
  const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.id, input.plan_id));
  if (!plan) return { refused: "unknown_plan", planId: input.plan_id };
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(voucherBatches)
      .values({
        planId: input.plan_id,
        periodMonths: input.period_months,
        periodDays: input.period_days,
        count: input.count,
        expiresAt: input.expires_at ? new Date(input.expires_at) : null,
        reseller: input.reseller,
        createdBy: actor,
      })
      .returning();
    if (!batch) throw new Error("voucher batch not inserted");
    const codes = new Set<string>();
    while (codes.size < input.count) codes.add(voucherCodeFromBytes(random(VOUCHER_CODE_LENGTH)));
    const all = [...codes];
    for (let i = 0; i < all.length; i += 500) {
      await tx
        .insert(voucherCodes)
        .values(all.slice(i, i + 500).map((code) => ({ batchId: batch.id, codeHash: hashVoucherCode(code) })));
    }
    return { batch: summary(batch, 0), codes: all.map(formatVoucherCode) };
  });
}

/** Every batch, oldest first, with how many of its codes were redeemed. */
export async function listVoucherBatches(db: Database): Promise<VoucherBatchSummary[]> {
  const rows = await db
    .select({ batch: voucherBatches, redeemed: count(voucherCodes.redeemedAt) })
    .from(voucherBatches)
    .leftJoin(voucherCodes, eq(voucherCodes.batchId, voucherBatches.id))
    .groupBy(voucherBatches.id)
    .orderBy(asc(voucherBatches.id));
  return rows.map((row) => summary(row.batch, Number(row.redeemed)));
}

/** Codes created and redeemed per reseller (redeemed within the window when one is given). */
export async function vouchersPerReseller(db: Database, window?: { from: Date; to: Date }) {
  const redeemedInWindow = window
    ? sql<number>`count(${voucherCodes.redeemedAt}) filter (where ${voucherCodes.redeemedAt} >= ${window.from.toISOString()} and ${voucherCodes.redeemedAt} < ${window.to.toISOString()})`
    : sql<number>`count(${voucherCodes.redeemedAt})`;
  const rows = await db
    .select({ reseller: voucherBatches.reseller, codes: count(voucherCodes.id), redeemed: redeemedInWindow })
    .from(voucherBatches)
    .innerJoin(voucherCodes, eq(voucherCodes.batchId, voucherBatches.id))
    .groupBy(voucherBatches.reseller)
    .orderBy(asc(voucherBatches.reseller));
  return rows.map((row) => ({ reseller: row.reseller, codes: Number(row.codes), redeemed: Number(row.redeemed) }));
}

export type VoucherRefusal = "unknown" | "used" | "expired";
export type VoucherRedemption =
  | { ok: true; until: Date; periodMonths: number; periodDays: number }
  | { ok: false; refused: VoucherRefusal };

/**
 * Redeems a code for an account inside `tx`: one conditional update claims it (so a code redeems
 * once, however many try at once), the account's row is locked so that two codes redeemed at the
 * same time both count, and a subscription row carries the time from the end of the VIP period
 * the account has (or from now).
 */
async function redeemIn(
  tx: Database,
  input: { code: string; userId: number; country: string | null; now: Date },
): Promise<VoucherRedemption> {
  const canonical = normaliseVoucherCode(input.code);
  if (!canonical) return { ok: false, refused: "unknown" };
  const hash = hashVoucherCode(canonical);
  await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for("update");
  const [claimed] = await tx
    .update(voucherCodes)
    .set({ redeemedAt: input.now, redeemedBy: input.userId, redeemedCountry: input.country })
    .where(
      and(
        eq(voucherCodes.codeHash, hash),
        isNull(voucherCodes.redeemedAt),
        sql`exists (select 1 from ${voucherBatches} where ${voucherBatches.id} = ${voucherCodes.batchId}
          and (${voucherBatches.expiresAt} is null or ${voucherBatches.expiresAt} > ${input.now.toISOString()}))`,
      ),
    )
    .returning({ id: voucherCodes.id, batchId: voucherCodes.batchId });
  if (!claimed) {
    const [found] = await tx
      .select({ redeemedAt: voucherCodes.redeemedAt })
      .from(voucherCodes)
      .where(eq(voucherCodes.codeHash, hash));
    if (!found) return { ok: false, refused: "unknown" };
    return { ok: false, refused: found.redeemedAt ? "used" : "expired" };
  }
  const [batch] = await tx.select().from(voucherBatches).where(eq(voucherBatches.id, claimed.batchId));
  if (!batch) throw new Error("voucher without its batch");
  const vip = await vipForUser(tx, input.userId, input.now);
  const start = vip.is_vip && vip.expire_at ? new Date(vip.expire_at) : input.now;
  const until = addVoucherPeriod(start, batch.periodMonths, batch.periodDays);
  await tx.insert(subscriptions).values({
    userId: input.userId,
    planId: batch.planId,
    orderId: null,
    provider: VOUCHER_PROVIDER,
    processor: VOUCHER_PROVIDER,
    providerSubscriptionId: `voucher_${claimed.id}`,
    status: "active",
    autoRenew: false,
    startedAt: start,
    currentPeriodEnd: until,
    lastEventAt: input.now,
    updatedAt: input.now,
  });
  return { ok: true, until, periodMonths: batch.periodMonths, periodDays: batch.periodDays };
}

/** A signed-in customer redeems a code. */
export function redeemVoucher(
  db: Database,
  input: { code: string; userId: number; country: string | null; now?: Date },
): Promise<VoucherRedemption> {
  return db.transaction((tx) => redeemIn(tx, { ...input, now: input.now ?? new Date() }));
}

class Refused extends Error {
  constructor(readonly refusal: VoucherRefusal) {
    super(refusal);
  }
}

/**
 * A visitor redeems a code and gets an account in the same step (the anonymous sign-up's): both
 * happen, or neither. An address that has an account already gets no new one and no redemption.
 */
export async function redeemVoucherAsNewAccount(
  db: Database,
  input: {
    code: string;
    email: string;
    locale: string;
    attribution: Record<string, string> | null;
    country: string | null;
    now?: Date;
  },
): Promise<{ ok: true; account: Account; until: Date } | { ok: false; refused: VoucherRefusal | "account_exists" }> {
  const now = input.now ?? new Date();
  try {
    return await db.transaction(async (tx) => {
      const account = await createPasswordlessAccount(tx, input.email, input.locale, input.attribution);
      if (!account) return { ok: false as const, refused: "account_exists" as const };
      const redeemed = await redeemIn(tx, { code: input.code, userId: account.id, country: input.country, now });
      if (!redeemed.ok) throw new Refused(redeemed.refused);
      return { ok: true as const, account, until: redeemed.until };
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refused: error.refusal };
    throw error;
  }
}
