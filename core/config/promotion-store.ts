import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { remoteConfig } from "../../db/schema";
import { EMPTY_PROMOTION_CONFIG, type PromotionConfig } from "../../universal/promotions/promotion-config";
import { promotionConfigSchema } from "../../universal/promotions/promotion-config.schema";

export const PROMOTIONS_KEY = "promotions";

/**
 * The promotions document (remote_config "promotions"). Missing: empty. A stored value that no
 * longer parses (the schema changed since it was written) is reported and read as empty, so the
 * site shows no promotion rather than failing; the operator fixes it with a new PUT.
 */
export async function readPromotionConfig(
  db: Database,
  onInvalid: (error: z.ZodError) => void,
): Promise<PromotionConfig> {
  const [row] = await db
    .select({ value: remoteConfig.value })
    .from(remoteConfig)
    .where(eq(remoteConfig.key, PROMOTIONS_KEY));
  if (!row) return EMPTY_PROMOTION_CONFIG;
  const parsed = promotionConfigSchema.safeParse(row.value);
  if (parsed.success) return parsed.data;
  onInvalid(parsed.error);
  return EMPTY_PROMOTION_CONFIG;
}

/** Replaces the whole document; throws the ZodError of an invalid one, storing nothing. Returns what was stored. */
export async function writePromotionConfig(db: Database, document: unknown): Promise<PromotionConfig> {
  const value = promotionConfigSchema.parse(document);
  await db
    .insert(remoteConfig)
    .values({ key: PROMOTIONS_KEY, value })
    .onConflictDoUpdate({ target: remoteConfig.key, set: { value, updatedAt: sql`now()` } });
  return value;
}

/**
 * The document the site reads: without promotions that have ended (upcoming ones stay, the
 * browser's clock decides when they start) and without their sales (decision 057): sale prices
 * reach visitors through the plans, and an upcoming sale's coupon code is not published early.
 */
export function withoutEndedPromotions(config: PromotionConfig, now: Date): PromotionConfig {
  const time = now.getTime();
  return {
    ...config,
    promotions: config.promotions
      .filter((promotion) => Date.parse(promotion.endTime) > time)
      .map(({ sale: _sale, ...promotion }) => promotion),
  };
}
