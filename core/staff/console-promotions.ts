import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { coupons, planPrices, remoteConfig } from "../../db/schema";
import type { PopupContent, Promotion, PromotionConfig, Sale } from "../../universal/promotions/promotion-config";
import { promotionConfigSchema } from "../../universal/promotions/promotion-config.schema";
import { PROMOTIONS_KEY } from "../config/promotion-store";
import { type Actor, recordAudit } from "./staff";

/**
 * The console's promotions editor (decision 057): one promotion saved, ended, or the popups
 * saved, each in one transaction with its audit row. The promotions stay one document
 * (remote_config "promotions", promotion-store.ts); the row is locked while it is changed so two
 * editors never drop each other's promotion.
 */

export type SaleProblem =
  | { reason: "unknown_price"; plan_id: string; currency: string }
  | { reason: "not_below_price"; plan_id: string; currency: string }
  | { reason: "unknown_coupon" | "coupon_ended"; coupon: string };

export type PromotionChange =
  | { ok: true; config: PromotionConfig }
  | { ok: false; reason: "not_found" }
  /** The stored document no longer parses: editing one promotion would drop the others. */
  | { ok: false; reason: "stored_invalid" }
  | { ok: false; reason: "sale_invalid"; problem: SaleProblem };

type Writer = Pick<Database, "select" | "insert" | "update">;

/**
 * Why a sale cannot run against today's catalogue and coupons, or null: every sale price names a
 * plan priced in that currency and is below that price; a coupon exists and has not ended.
 */
export async function saleProblem(db: Writer, sale: Sale | undefined, now: Date): Promise<SaleProblem | null> {
  if (!sale) return null;
  if (sale.kind === "coupon") {
    const [coupon] = await db.select().from(coupons).where(eq(coupons.code, sale.coupon));
    if (!coupon) return { reason: "unknown_coupon", coupon: sale.coupon };
    if (coupon.endsAt && coupon.endsAt <= now) return { reason: "coupon_ended", coupon: sale.coupon };
    return null;
  }
  const rows = await db
    .select()
    .from(planPrices)
    .where(
      inArray(
        planPrices.planId,
        sale.prices.map((price) => price.plan_id),
      ),
    );
  for (const price of sale.prices) {
    const current = rows.find((row) => row.planId === price.plan_id && row.currency === price.currency);
    if (!current) return { reason: "unknown_price", plan_id: price.plan_id, currency: price.currency };
    if (price.amount >= current.saleAmount) {
      return { reason: "not_below_price", plan_id: price.plan_id, currency: price.currency };
    }
  }
  return null;
}

/** The stored document under a row lock (inside a transaction); null when it no longer parses. */
async function lockedConfig(tx: Writer): Promise<PromotionConfig | null> {
  const [row] = await tx
    .select({ value: remoteConfig.value })
    .from(remoteConfig)
    .where(eq(remoteConfig.key, PROMOTIONS_KEY))
    .for("update");
  if (!row) return { promotions: [], popups: {} };
  const parsed = promotionConfigSchema.safeParse(row.value);
  return parsed.success ? parsed.data : null;
}

async function store(tx: Writer, document: PromotionConfig): Promise<PromotionConfig> {
  const value = promotionConfigSchema.parse(document);
  await tx
    .insert(remoteConfig)
    .values({ key: PROMOTIONS_KEY, value })
    .onConflictDoUpdate({ target: remoteConfig.key, set: { value, updatedAt: sql`now()` } });
  return value;
}

/** Creates or replaces one promotion (by id), checked against the catalogue when it carries a sale. */
export async function savePromotion(
  db: Database,
  promotion: Promotion,
  actor: Actor,
  now = new Date(),
): Promise<PromotionChange> {
  return db.transaction(async (tx) => {
    const problem = await saleProblem(tx, promotion.sale, now);
    if (problem) return { ok: false, reason: "sale_invalid", problem };
    const config = await lockedConfig(tx);
    if (!config) return { ok: false, reason: "stored_invalid" };
    const before = config.promotions.find((entry) => entry.id === promotion.id) ?? null;
    const promotions = before
      ? config.promotions.map((entry) => (entry.id === promotion.id ? promotion : entry))
      : [...config.promotions, promotion];
    const stored = await store(tx, { ...config, promotions });
    await recordAudit(tx, {
      actor,
      action: "promotion.save",
      target: `promotion:${promotion.id}`,
      before,
      after: promotion,
      now,
    });
    return { ok: true, config: stored };
  });
}

/**
 * Ends a promotion now: a running one's window closes at `now` (its sale with it); one that has
 * not started is taken off the list. One that has ended already stays as it is.
 */
export async function endPromotion(db: Database, id: string, actor: Actor, now = new Date()): Promise<PromotionChange> {
  return db.transaction(async (tx) => {
    const config = await lockedConfig(tx);
    if (!config) return { ok: false, reason: "stored_invalid" };
    const before = config.promotions.find((entry) => entry.id === id);
    if (!before) return { ok: false, reason: "not_found" };
    if (Date.parse(before.endTime) <= now.getTime()) return { ok: true, config };
    const started = Date.parse(before.startTime) <= now.getTime();
    const after = started
      ? { ...before, endTime: new Date(Math.max(now.getTime(), Date.parse(before.startTime) + 1)).toISOString() }
      : null;
    const promotions = after
      ? config.promotions.map((entry) => (entry.id === id ? after : entry))
      : config.promotions.filter((entry) => entry.id !== id);
    const stored = await store(tx, { ...config, promotions });
    await recordAudit(tx, {
      actor,
      action: "promotion.end",
      target: `promotion:${id}`,
      before,
      after,
      now,
    });
    return { ok: true, config: stored };
  });
}

/** Replaces the weekend, workday and mobile popups' content. */
export async function savePopups(
  db: Database,
  popups: PromotionConfig["popups"],
  actor: Actor,
  now = new Date(),
): Promise<PromotionChange> {
  return db.transaction(async (tx) => {
    const config = await lockedConfig(tx);
    if (!config) return { ok: false, reason: "stored_invalid" };
    const stored = await store(tx, { ...config, popups });
    await recordAudit(tx, {
      actor,
      action: "popups.save",
      target: "popups",
      before: config.popups as Record<string, PopupContent | undefined>,
      after: stored.popups as Record<string, PopupContent | undefined>,
      now,
    });
    return { ok: true, config: stored };
  });
}
