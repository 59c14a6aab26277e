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
    const { rows, total } = await subscriptionsWithPlanLength(database.db, owner);
    expect(rows.map((row) => [row.providerSubscriptionId, row.planId, row.planMonths])).toEqual([
      ["c", "year", 12],
      ["a", "month", 1],
    ]);
    expect(total).toBe(2);
    expect(await subscriptionsWithPlanLength(database.db, 9999)).toEqual({ rows: [], total: 0 });
  });

  it("filters by state and pages, counting every match", async () => {
    const owner = (await createPasswordlessAccount(database.db, "owner@example.com", "en"))!.id;
    await database.db.insert(plans).values({ id: "month", months: 1, deviceLimit: 5 });
    const states = ["expired", "active", "expired", "canceled", "expired"] as const;
    await database.db.insert(subscriptions).values(
      states.map((status, index) => ({
        userId: owner,
        planId: "month",
        provider: "card",
        processor: "sandbox",
        providerSubscriptionId: `ref-${index}`,
        status,
      })),
    );
    const refs = (result: { rows: Array<{ providerSubscriptionId: string }> }) =>
      result.rows.map((row) => row.providerSubscriptionId);
    const expired = await subscriptionsWithPlanLength(database.db, owner, { statuses: ["expired"], pageSize: 2 });
    expect([refs(expired), expired.total]).toEqual([["ref-4", "ref-2"], 3]);
    const second = await subscriptionsWithPlanLength(database.db, owner, {
      statuses: ["expired"],
      page: 2,
      pageSize: 2,
    });
    expect([refs(second), second.total]).toEqual([["ref-0"], 3]);
    const live = await subscriptionsWithPlanLength(database.db, owner, { statuses: ["active", "canceled"] });
    expect(refs(live)).toEqual(["ref-3", "ref-1"]);
    const beyond = await subscriptionsWithPlanLength(database.db, owner, { page: 9 });
    expect([refs(beyond), beyond.total]).toEqual([[], 5]);
  });
});
