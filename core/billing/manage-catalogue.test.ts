import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import type { DatabaseHandle } from "../../db/client";
import { catalogueChanges } from "../../db/schema";
import { testDatabaseTargets } from "../../tests/helpers/test-databases";
import {
  addPlan,
  listCatalogue,
  setDefaultPlan,
  setPlanVisible,
  setPrice,
  soldPlanEditProblem,
} from "./manage-catalogue";

describe("what an edit may change once a plan is bought", () => {
  const sold = { months: 12, device_limit: 8, ip_limit: 2 };
  it.each([
    [{}, null],
    [{ months: 12 }, null],
    [{ months: 24 }, "months"],
    [{ device_limit: 10 }, null],
    [{ device_limit: 8 }, null],
    [{ device_limit: 7 }, "device_limit"],
    [{ ip_limit: 3 }, null],
    [{ ip_limit: 1 }, "ip_limit"],
    [{ months: 1, device_limit: 1 }, "months"],
  ] as const)("%j → %s", (edit, expected) => {
    expect(soldPlanEditProblem(sold, edit)).toBe(expected);
  });
});

describe.each(testDatabaseTargets())("the catalogue's rules on $name", (target) => {
  let database: DatabaseHandle;
  // One database for the file (migrating is the slow part); each test starts with no plans.
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => database.close());
  beforeEach(async () => {
    await database.db.execute(sql`delete from catalogue_changes`);
    await database.db.execute(sql`delete from plan_prices`);
    await database.db.execute(sql`delete from plans`);
  });

  const defaults = async () =>
    (await listCatalogue(database.db)).filter((plan) => plan.is_default).map((plan) => plan.id);
  const plan = (id: string, extra: Record<string, unknown> = {}) =>
    addPlan(database.db, { id, months: 1, device_limit: 5, ...extra }, "test");

  it("keeps exactly one visible default through adds, a new default, hiding and showing", async () => {
    await plan("a");
    expect(await defaults()).toEqual(["a"]);
    await plan("b", { is_default: true });
    expect(await defaults()).toEqual(["b"]);
    await plan("c", { visible: false });
    expect(await defaults()).toEqual(["b"]);

    expect(await setPlanVisible(database.db, { plan_id: "b", visible: false }, "test")).toEqual({
      refused: "default_plan",
      planId: "b",
    });
    await setDefaultPlan(database.db, { plan_id: "a" }, "test");
    await setPlanVisible(database.db, { plan_id: "b", visible: false }, "test");
    await setPlanVisible(database.db, { plan_id: "a", visible: false }, "test");
    // "a" was the last visible plan and stays marked while nothing is for sale ...
    expect(await defaults()).toEqual(["a"]);
    // ... and gives the mark up when a plan shown meanwhile is the visible default.
    await setPlanVisible(database.db, { plan_id: "c", visible: true }, "test");
    expect(await defaults()).toEqual(["c"]);
    await setPlanVisible(database.db, { plan_id: "a", visible: true }, "test");
    expect(await defaults()).toEqual(["c"]);
    expect(await setDefaultPlan(database.db, { plan_id: "b" }, "test")).toEqual({
      refused: "hidden_plan",
      planId: "b",
    });
  });

  it("writes an audit row only for a change that was made", async () => {
    await plan("a");
    expect(await plan("a")).toEqual({ refused: "plan_exists", planId: "a" });
    expect(await setPrice(database.db, { plan_id: "x", currency: "USD", list_amount: 1, sale_amount: 1 }, "t")).toEqual(
      {
        refused: "unknown_plan",
        planId: "x",
      },
    );
    const changes = await database.db.select().from(catalogueChanges);
    expect(changes.map((change) => change.action)).toEqual(["add-plan"]);
  });

  it("refuses bad input before touching the database", async () => {
    await expect(
      setPrice(database.db, { plan_id: "a", currency: "USD", list_amount: 500, sale_amount: 600 }, "t"),
    ).rejects.toBeInstanceOf(ZodError);
    await expect(plan("a", { months: 1.5 })).rejects.toBeInstanceOf(ZodError);
    await expect(addPlan(database.db, { id: "ok", months: 1, device_limit: 1 }, "")).rejects.toBeInstanceOf(ZodError);
    expect(await listCatalogue(database.db)).toEqual([]);
  });
});
