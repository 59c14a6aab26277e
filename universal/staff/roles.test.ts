import { describe, expect, it } from "vitest";
import { isStaffRole, menuFor, roleCan, STAFF_RIGHTS, STAFF_ROLES, type StaffRight, type StaffRole } from "./roles";

describe("what each role may do", () => {
  const table: Array<[StaffRole, StaffRight, boolean]> = [
    ["owner", "staff.manage", true],
    ["owner", "audit.read", true],
    ["owner", "orders.read", true],
    ["owner", "orders.refund", true],
    ["owner", "support.inbox", true],
    ["owner", "reports.read", true],
    ["owner", "customers.manage", true],
    ["owner", "catalogue.manage", true],
    ["owner", "promotions.manage", true],
    ["support", "staff.manage", false],
    ["support", "audit.read", false],
    ["support", "orders.read", true],
    ["support", "orders.refund", true],
    ["support", "support.inbox", true],
    ["support", "reports.read", false],
    ["support", "customers.manage", true],
    ["support", "catalogue.manage", false],
    ["support", "promotions.manage", false],
    ["finance", "staff.manage", false],
    ["finance", "audit.read", true],
    ["finance", "orders.read", true],
    ["finance", "orders.refund", true],
    ["finance", "support.inbox", false],
    ["finance", "reports.read", true],
    ["finance", "customers.manage", false],
    ["finance", "catalogue.manage", false],
    ["finance", "promotions.manage", false],
    ["marketing", "staff.manage", false],
    ["marketing", "audit.read", false],
    ["marketing", "orders.read", false],
    ["marketing", "orders.refund", false],
    ["marketing", "support.inbox", false],
    ["marketing", "reports.read", true],
    ["marketing", "customers.manage", false],
    ["marketing", "catalogue.manage", true],
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
    ["owner", ["home", "dashboard", "orders", "inbox", "plans", "routes", "promotions", "coupons", "staff", "audit"]],
    ["support", ["home", "orders", "inbox"]],
    ["finance", ["home", "dashboard", "orders", "audit"]],
    ["marketing", ["home", "dashboard", "plans", "routes", "promotions", "coupons"]],
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
