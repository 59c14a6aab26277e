import { describe, expect, it } from "vitest";
import { applyBillingEvent, type BillingEvent, INITIAL_STATE, remainingSeconds } from "./subscription-state";

const t = (day: number) => new Date(Date.UTC(2026, 0, day));
const paid = (day: number, until: number): BillingEvent => ({
  type: "payment_succeeded",
  at: t(day),
  periodEnd: t(until),
});
const run = (events: BillingEvent[]) => events.reduce(applyBillingEvent, INITIAL_STATE);

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

describe("subscription state machine", () => {
  it("activates on payment and grants the period once, however often the event comes", () => {
    const once = run([paid(1, 31)]);
    expect(once).toMatchObject({ status: "active", currentPeriodEnd: t(31) });
    expect(run([paid(1, 31), paid(1, 31), paid(1, 31)])).toEqual(once);
  });

  it("goes past due on a failed renewal and back to active when it is paid", () => {
    expect(run([paid(1, 31), { type: "payment_failed", at: t(31) }]).status).toBe("past_due");
    expect(run([paid(1, 31), { type: "payment_failed", at: t(31) }, paid(32, 62)])).toMatchObject({
      status: "active",
      currentPeriodEnd: t(62),
    });
  });

  it("keeps access until the period ends after a cancellation", () => {
    const state = run([paid(1, 31), { type: "canceled", at: t(10) }]);
    expect(state).toMatchObject({ status: "canceled", autoRenew: false, currentPeriodEnd: t(31) });
    expect(remainingSeconds(state, t(30))).toBe(86_400);
    expect(remainingSeconds(state, t(40))).toBe(0);
  });

  it.each([
    [
      "a cancellation, then a resumption",
      [paid(1, 31), { type: "canceled", at: t(10) }, { type: "resumed", at: t(12) }],
      { status: "active", autoRenew: true },
    ],
    [
      "a resumption older than the cancellation",
      [paid(1, 31), { type: "resumed", at: t(9) }, { type: "canceled", at: t(10) }],
      { status: "canceled", autoRenew: false },
    ],
    [
      "a resumption after the period ended",
      [paid(1, 31), { type: "canceled", at: t(10) }, { type: "resumed", at: t(40) }],
      { status: "canceled", autoRenew: false },
    ],
    [
      "a resumption after a refund",
      [paid(1, 31), { type: "refunded", at: t(5) }, { type: "resumed", at: t(6) }],
      { status: "expired", autoRenew: false },
    ],
    ["a resumption of an unpaid subscription", [{ type: "resumed", at: t(6) }], { status: "pending" }],
  ] as Array<[string, BillingEvent[], object]>)("turning renewal back on: %s", (_name, events, expected) => {
    expect(run(events)).toMatchObject(expected);
  });

  it("ends access at once on a refund, and a late payment event does not bring it back", () => {
    const state = run([paid(1, 31), { type: "refunded", at: t(5) }]);
    expect(state).toMatchObject({ status: "expired", currentPeriodEnd: t(5) });
    expect(remainingSeconds(state, t(6))).toBe(0);
    expect(run([{ type: "refunded", at: t(5) }, paid(1, 31)]).status).toBe("expired");
  });

  it.each([
    [[paid(1, 31), { type: "canceled", at: t(10) } as BillingEvent], "canceled"],
    [[paid(1, 31), { type: "payment_failed", at: t(31) } as BillingEvent, paid(32, 62)], "active"],
    [[paid(1, 31), { type: "refunded", at: t(3) } as BillingEvent], "expired"],
  ])("ends in the same state in every order (%#)", (events, status) => {
    const results = permutations(events).map(run);
    for (const result of results) {
      expect(result.status).toBe(status);
      expect(result.currentPeriodEnd).toEqual(results[0]?.currentPeriodEnd);
    }
  });

  it("gives no VIP time while pending", () => {
    expect(remainingSeconds(INITIAL_STATE, t(1))).toBe(0);
  });
});
