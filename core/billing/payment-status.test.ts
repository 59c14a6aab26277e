import { describe, expect, it } from "vitest";
import { LISTED_ORDER_STATUSES, paymentStatusOf } from "./payment-status";

describe("paymentStatusOf", () => {
  it.each([
    ["active", "paid"],
    ["refunded", "refunded"],
    ["failed", "declined"],
    ["pending", null],
    ["canceled", null],
    ["something new", null],
  ])("%s -> %s", (orderStatus, expected) => {
    expect(paymentStatusOf(orderStatus)).toBe(expected);
  });

  it("lists exactly the statuses that are payments", () => {
    for (const status of LISTED_ORDER_STATUSES) expect(paymentStatusOf(status)).not.toBeNull();
  });
});
