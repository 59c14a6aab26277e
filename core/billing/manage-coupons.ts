import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { coupons, plans } from "../../db/schema";
import { CURRENCIES, type Currency } from "./catalogue";
import type { CouponTerms } from "./coupon-terms";
import { actorSchema, planIdSchema } from "./manage-catalogue";

/**
 * The operator's coupons (decision 034), through the operator API like the catalogue: create,
 * list, end. A coupon is never edited after it was published (buyers saw its terms) and never
 * deleted (orders name it); ending it sets the end of its window to now.
 */

const currencyCodes = Object.keys(CURRENCIES) as [Currency, ...Currency[]];

export const couponCodeSchema = z
  .string()
  .regex(/^[A-Z0-9][A-Z0-9_-]{1,39}$/, "2-40 upper-case letters, digits, _ and -, starting with a letter or digit");

export const createCouponSchema = z
  .object({
    code: couponCodeSchema,
    /** A percentage off (1-99), or an amount off in one currency: exactly one. */
    percent_off: z.number().int("a whole percentage").min(1).max(99).nullable().default(null),
    amount_off: z.number().int("a whole number of minor units").positive().max(100_000_000).nullable().default(null),
    currency: z
      .enum(currencyCodes, { message: `one of ${currencyCodes.join(", ")}` })
      .nullable()
      .default(null),
    /** The plans it applies to; null or absent = every plan. */
    plan_ids: z.array(planIdSchema).min(1).max(50).nullable().default(null),
    starts_at: z.string().datetime({ offset: true }).nullable().default(null),
    ends_at: z.string().datetime({ offset: true }).nullable().default(null),
    max_redemptions: z.number().int().positive().max(10_000_000).nullable().default(null),
    first_purchase_only: z.boolean().default(false),
  })
  .refine((coupon) => (coupon.percent_off === null) !== (coupon.amount_off === null), {
    message: "give percent_off or amount_off, not both",
    path: ["percent_off"],
  })
  .refine((coupon) => coupon.amount_off === null || coupon.currency !== null, {
    message: "an amount off needs its currency",
    path: ["currency"],
  })
  .refine((coupon) => !coupon.starts_at || !coupon.ends_at || new Date(coupon.starts_at) < new Date(coupon.ends_at), {
    message: "must be after starts_at",
    path: ["ends_at"],
  });
export type CreateCouponInput = z.input<typeof createCouponSchema>;

/** A coupon as the operator API answers it. */
export interface OperatorCoupon {
  code: string;
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  plan_ids: string[] | null;
  starts_at: string | null;
  ends_at: string | null;
  max_redemptions: number | null;
  redemptions: number;
  first_purchase_only: boolean;
  created_by: string;
  created_at: string;
}

export type CouponChangeResult =
  | { coupon: OperatorCoupon }
  | { refused: "coupon_exists" | "unknown_coupon"; code: string }
  | { refused: "unknown_plan"; code: string; planId: string };

type Row = typeof coupons.$inferSelect;

const toOperatorCoupon = (row: Row): OperatorCoupon => ({
  code: row.code,
  percent_off: row.percentOff,
  amount_off: row.amountOff,
  currency: row.currency,
  plan_ids: row.planIds,
  starts_at: row.startsAt?.toISOString() ?? null,
  ends_at: row.endsAt?.toISOString() ?? null,
  max_redemptions: row.maxRedemptions,
  redemptions: row.redemptions,
  first_purchase_only: row.firstPurchaseOnly,
  created_by: row.createdBy,
  created_at: row.createdAt.toISOString(),
});

/** A stored coupon in the terms the pure decisions read. */
export const toCouponTerms = (row: Row): CouponTerms => ({
  code: row.code,
  kind: row.kind,
  percentOff: row.percentOff,
  amountOff: row.amountOff,
  currency: row.currency,
  planIds: row.planIds,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  maxRedemptions: row.maxRedemptions,
  redemptions: row.redemptions,
  firstPurchaseOnly: row.firstPurchaseOnly,
});

export async function listCoupons(db: Database): Promise<OperatorCoupon[]> {
  return (await db.select().from(coupons).orderBy(asc(coupons.createdAt), asc(coupons.code))).map(toOperatorCoupon);
}

/** Publishes a coupon; its plans must exist (hidden ones too). */
export async function createCoupon(db: Database, input: CreateCouponInput, actor: string): Promise<CouponChangeResult> {
  const coupon = createCouponSchema.parse(input);
  const who = actorSchema.parse(actor);
  const known = new Set((await db.select({ id: plans.id }).from(plans)).map((plan) => plan.id));
  const unknownPlan = coupon.plan_ids?.find((planId) => !known.has(planId));
  if (unknownPlan) return { refused: "unknown_plan", code: coupon.code, planId: unknownPlan };
  const [row] = await db
    .insert(coupons)
    .values({
      code: coupon.code,
      kind: coupon.percent_off !== null ? "percent" : "amount",
      percentOff: coupon.percent_off,
      amountOff: coupon.amount_off,
      currency: coupon.amount_off !== null ? coupon.currency : null,
      planIds: coupon.plan_ids,
      startsAt: coupon.starts_at ? new Date(coupon.starts_at) : null,
      endsAt: coupon.ends_at ? new Date(coupon.ends_at) : null,
      maxRedemptions: coupon.max_redemptions,
      firstPurchaseOnly: coupon.first_purchase_only,
      createdBy: who,
    })
    .onConflictDoNothing()
    .returning();
  return row ? { coupon: toOperatorCoupon(row) } : { refused: "coupon_exists", code: coupon.code };
}

/** Ends a coupon now (orders already made with it keep their price). */
export async function endCoupon(db: Database, code: string, now = new Date()): Promise<CouponChangeResult> {
  const [current] = await db.select().from(coupons).where(eq(coupons.code, code));
  if (!current) return { refused: "unknown_coupon", code };
  if (current.endsAt && current.endsAt <= now) return { coupon: toOperatorCoupon(current) };
  const [row] = await db.update(coupons).set({ endsAt: now }).where(eq(coupons.code, code)).returning();
  return { coupon: toOperatorCoupon(row ?? current) };
}
