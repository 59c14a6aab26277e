/**
 * The operator console's roles and what each may do (decision 051): one pure table the API
 * enforces and the console's menu follows. Plain data, no zod: the page imports it.
 */
export const STAFF_ROLES = ["owner", "support", "marketing", "finance"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_RIGHTS = [
  "staff.manage",
  "audit.read",
  "orders.read",
  "orders.refund",
  "support.inbox",
  "reports.read",
  "customers.manage",
  "catalogue.manage",
  "promotions.manage",
] as const;
export type StaffRight = (typeof STAFF_RIGHTS)[number];

/**
 * Who may do what. Marketing reads no customer's orders; only owners manage staff; support and owners
 * answer the inbox and act on customers' accounts (cancel, end sessions, remove devices, disable:
 * decision 058); owners, finance and marketing read the dashboard's figures (decision 055); owners and
 * marketing keep the catalogue and the route rules (decision 056) and run promotions and coupons
 * (decision 057).
 */
export const ROLE_RIGHTS: Record<StaffRole, readonly StaffRight[]> = {
  owner: [
    "staff.manage",
    "audit.read",
    "orders.read",
    "orders.refund",
    "support.inbox",
    "reports.read",
    "customers.manage",
    "catalogue.manage",
    "promotions.manage",
  ],
  support: ["orders.read", "orders.refund", "support.inbox", "customers.manage"],
  finance: ["orders.read", "orders.refund", "audit.read", "reports.read"],
  marketing: ["reports.read", "catalogue.manage", "promotions.manage"],
};

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);

export function roleCan(role: StaffRole, right: StaffRight): boolean {
  return ROLE_RIGHTS[role].includes(right);
}

/** The console's pages, each with the right it needs (null: every staff member). */
export const CONSOLE_VIEWS = [
  { view: "home", right: null },
  { view: "dashboard", right: "reports.read" },
  { view: "orders", right: "orders.read" },
  { view: "inbox", right: "support.inbox" },
  { view: "plans", right: "catalogue.manage" },
  { view: "routes", right: "catalogue.manage" },
  { view: "promotions", right: "promotions.manage" },
  { view: "coupons", right: "promotions.manage" },
  { view: "staff", right: "staff.manage" },
  { view: "audit", right: "audit.read" },
] as const satisfies ReadonlyArray<{ view: string; right: StaffRight | null }>;
export type ConsoleView = (typeof CONSOLE_VIEWS)[number]["view"];

/** The menu of a role: the views whose right it has, in the table's order. */
export function menuFor(role: StaffRole): ConsoleView[] {
  return CONSOLE_VIEWS.filter((entry) => entry.right === null || roleCan(role, entry.right)).map((e) => e.view);
}

/** The actions the audit log holds (core/staff/staff.ts writes them), for the console's filter. */
export const AUDIT_ACTIONS = [
  "staff.owner",
  "staff.invite",
  "staff.accept",
  "staff.role",
  "staff.remove",
  "order.refund",
  "support.reply",
  "support.status",
  "customer.cancel",
  "customer.session_end",
  "customer.device_remove",
  "customer.disable",
  "customer.enable",
  "catalogue.plan",
  "catalogue.price",
  "catalogue.provider_id",
  "route_rule.save",
  "route_rule.delete",
  "promotion.save",
  "promotion.end",
  "popups.save",
  "coupon.create",
  "coupon.end",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A contact report's state in the support inbox (decision 053). */
export const REPORT_STATUSES = ["new", "answered", "closed"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
