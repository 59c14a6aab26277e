import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { billingProfiles } from "../../db/schema";
import type { BillingDetails } from "../../universal/billing/payment-record";
import type { BillingProfile } from "../../universal/validation/billing-rules";

/** The buyer's billing details; empty fields until they save some. */
export async function billingProfileOf(db: Database, userId: number): Promise<BillingDetails> {
  const [row] = await db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId));
  return { name: row?.name ?? "", address: row?.address ?? "", vat_id: row?.vatId ?? "" };
}

/** Stores details already checked by billingProfileSchema (one row per account, replaced whole). */
export async function saveBillingProfile(
  db: Database,
  userId: number,
  profile: BillingProfile,
): Promise<BillingDetails> {
  const values = { name: profile.name, address: profile.address, vatId: profile.vat_id, updatedAt: new Date() };
  await db
    .insert(billingProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: billingProfiles.userId, set: values });
  return billingProfileOf(db, userId);
}
