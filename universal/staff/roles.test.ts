import { describe, expect, it } from "vitest";
import { isStaffRole, menuFor, roleCan, STAFF_RIGHTS, STAFF_ROLES, type StaffRight, type StaffRole } from "./roles";

describe("what each role may do", () => {
  const table: Array<[StaffRole, StaffRight, boolean]> = [
    ["owner", "staff.manage", true],
    ["owner", "audit.read", true],
    ["owner", "orders.read", true],
    ["owner", "orders.refund", true],
    ["owner", "support.inbox", true],
    ["owner", "promotions.manage", true],
    ["support", "staff.manage", false],
    ["support", "audit.read", false],
    ["support", "orders.read", true],
    ["support", "orders.refund", true],
    ["support", "support.inbox", true],
    ["support", "promotions.manage", false],
    ["finance", "staff.manage", false],
    ["finance", "audit.read", true],
    ["finance", "orders.read", true],
    ["finance", "orders.refund", true],
    ["finance", "support.inbox", false],
    ["finance", "promotions.manage", false],
    ["marketing", "staff.manage", false],
    ["marketing", "audit.read", false],
    ["marketing", "orders.read", false],
    ["marketing", "orders.refund", false],
    ["marketing", "support.inbox", false],
    ["marketing", "promotions.manage", true],
  ];
  it.each(table)("%s may %s: %s", (role, right, expected) => {
    expect(roleCan(role, right)).toBe(expected);
  });
  it("the table covers every role and right", () => {
    expect(table).toHaveLength(STAFF_ROLES.length * STAFF_RIGHTS.length);
  });
});

describe("the menu of each role", () => {
  it.each([
    ["owner", ["home", "orders", "inbox", "promotions", "coupons", "staff", "audit"]],
    ["support", ["home", "orders", "inbox"]],
    ["finance", ["home", "orders", "audit"]],
    ["marketing", ["home", "promotions", "coupons"]],
  ] as const)("%s sees %j", (role, views) => {
    expect(menuFor(role)).toEqual(views);
  });
});

describe("isStaffRole", () => {
  it.each([
    ["owner", true],
    ["support", true],
    ["Owner", false],
    ["admin", false],
    ["", false],
    [null, false],
  ])("%j → %s", (value, expected) => {
    expect(isStaffRole(value)).toBe(expected);
  });
});
