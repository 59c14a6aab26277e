import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { plans, subscriptions } from "../../db/schema";
import { testDatabaseTargets } from "../../tests/helpers/test-databases";
import { createPasswordlessAccount } from "../auth/accounts";
import { subscriptionsWithPlanLength } from "./subscriptions-of-account";

describe.each(testDatabaseTargets())("subscriptionsWithPlanLength on $name", (target) => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await target.open();
  });
  afterEach(async () => database.close());

  it("lists only the account's subscriptions, newest first, each with its plan's months", async () => {
    const owner = (await createPasswordlessAccount(database.db, "owner@example.com", "en"))!.id;
    const other = (await createPasswordlessAccount(database.db, "other@example.com", "en"))!.id;
    await database.db.insert(plans).values([
      { id: "month", months: 1, deviceLimit: 5 },
      { id: "year", months: 12, deviceLimit: 5 },
    ]);
    const subscription = (userId: number, planId: string, ref: string) => ({
      userId,
      planId,
      provider: "card",
      processor: "sandbox",
      providerSubscriptionId: ref,
      status: "active",
    });
    await database.db
      .insert(subscriptions)
      .values([subscription(owner, "month", "a"), subscription(other, "year", "b"), subscription(owner, "year", "c")]);
    const rows = await subscriptionsWithPlanLength(database.db, owner);
    expect(rows.map((row) => [row.providerSubscriptionId, row.planId, row.planMonths])).toEqual([
      ["c", "year", 12],
      ["a", "month", 1],
    ]);
    expect(await subscriptionsWithPlanLength(database.db, 9999)).toEqual([]);
  });
});
