import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { appMeta, planPrices, plans, users } from "../../db/schema";
import { hashPassword } from "../auth/hash-password";

export const DEMO_USER = { email: "demo@veilport.test", password: "Demo-Veilport1!" } as const;

/** Minor units. List price = the monthly plan's price times the months; sale price is what is charged. */
const DEMO_PLANS = [
  {
    plan: { id: "1-month", months: 1, deviceLimit: 5, ipLimit: 1, sortOrder: 3, isDefault: false },
    prices: { USD: [1299, 1299], AUD: [1999, 1999], CAD: [1799, 1799], GBP: [1049, 1049], EUR: [1199, 1199] },
  },
  {
    plan: { id: "1-year", months: 12, deviceLimit: 8, ipLimit: 2, sortOrder: 2, isDefault: false },
    prices: { USD: [15588, 4788], AUD: [23988, 7388], CAD: [21588, 6588], GBP: [12588, 3828], EUR: [14388, 4428] },
  },
  {
    plan: { id: "2-years", months: 24, deviceLimit: 10, ipLimit: 3, sortOrder: 1, isDefault: true },
    prices: { USD: [31176, 8376], AUD: [47976, 12936], CAD: [43176, 11496], GBP: [25176, 6696], EUR: [28776, 7752] },
  },
] as const;

const SEEDED_KEY = "demo_seed_applied_at";

/**
 * Fills an empty database with the demo plans (and, if asked, the demo user). Only outside
 * production (server/start-server.ts): a production catalogue is the operator's (decision 025).
 * Runs at every start but does nothing once it has run, so an operator's later edits stay.
 */
export async function seedDemoData(db: Database, options: { withDemoUser: boolean }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;

    for (const { plan, prices } of DEMO_PLANS) {
      await tx.insert(plans).values(plan).onConflictDoNothing();
      for (const [currency, [listAmount, saleAmount]] of Object.entries(prices)) {
        await tx.insert(planPrices).values({ planId: plan.id, currency, listAmount, saleAmount }).onConflictDoNothing();
      }
    }
    if (options.withDemoUser) {
      const existing = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_USER.email));
      if (existing.length === 0) {
        await tx.insert(users).values({
          email: DEMO_USER.email,
          passwordHash: await hashPassword(DEMO_USER.password),
          emailVerifiedAt: new Date(),
        });
      }
    }
    return true;
  });
}
