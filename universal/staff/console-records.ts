import type { ReportStatus, StaffRole } from "./roles";

/** The operator console's records as its API answers them (decision 051): the page and the server share them. */

export interface StaffMember {
  user_id: number;
  email: string | null;
  role: StaffRole;
  two_factor: boolean;
  since: string;
}

export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  actor_user_id: number | null;
  action: string;
  target: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** An order found by e-mail, order id or processor reference. */
export interface FoundOrder {
  order_id: string;
  /** The buyer's account (null once it was deleted): the console opens the customer from here. */
  user_id: number | null;
  email: string | null;
  plan_id: string;
  provider: string;
  status: string;
  amount: number;
  currency: string;
  reference: string | null;
  created_at: string;
}

/** A contact report in the support inbox's list (decision 053). */
export interface InboxReport {
  id: number;
  reference: string;
  name: string;
  email: string;
  topic: string;
  status: ReportStatus;
  locale: string;
  created_at: string;
}

/** One report opened: its message and support's replies, oldest first. */
export interface InboxThread extends InboxReport {
  message: string;
  order_id: string | null;
  replies: Array<{ id: number; message: string; staff_email: string | null; created_at: string }>;
}

/** Minor units (hundredths) per currency: never summed across currencies (decision 055). */
export type MoneyByCurrency = Record<string, number>;

/** One UTC day of the dashboard; a day without data is all zeros. */
export interface DashboardDay {
  day: string;
  sign_ups: number;
  /** Orders created that day that were paid (active or refunded since). */
  purchases: number;
  /** Gross: those orders' amounts, refunded ones included. */
  revenue: MoneyByCurrency;
  /** Orders refunded that day, and their amounts. */
  refunds: number;
  refunded: MoneyByCurrency;
  /** Paid subscriptions in their paid period at the day's end (or now, for today). */
  active_subscriptions: number;
  /** Paid subscriptions whose period ended that day without renewing (churn). */
  ended_subscriptions: number;
}

/** Sign-ups, purchases and revenue of one campaign source or affiliate network (null: none). */
export interface DashboardGroup {
  key: string | null;
  visitors: number;
  sign_ups: number;
  purchases: number;
  revenue: MoneyByCurrency;
  /** purchases / visitors; null without visitors. */
  conversion: number | null;
}

export interface Dashboard {
  from: string;
  to: string;
  /** Every currency that has revenue or refunds in the range, sorted. */
  currencies: string[];
  days: DashboardDay[];
  totals: {
    sign_ups: number;
    purchases: number;
    revenue: MoneyByCurrency;
    refunds: number;
    refunded: MoneyByCurrency;
    visitors: number;
    conversion: number | null;
    active_at_start: number;
    active_at_end: number;
    ended_subscriptions: number;
    /** Ended in the range / active at its start; null when none were active. */
    churn_rate: number | null;
  };
  by_source: DashboardGroup[];
  by_affiliate: DashboardGroup[];
}

/** A customer's account as the console shows it (decision 058). */
export interface CustomerAccount {
  user_id: number;
  email: string | null;
  locale: string;
  created_at: string;
  /** Set while staff have disabled the account. */
  disabled_at: string | null;
  /** Staff accounts are not disabled from here (an owner removes them from the staff first). */
  is_staff: boolean;
}

export interface CustomerSubscription {
  id: number;
  plan_id: string;
  plan_months: number | null;
  status: string;
  provider: string;
  auto_renew: boolean;
  prepaid: boolean;
  /** The period's end: the next renewal while renewing, else the day access ends. */
  period_end: string | null;
}

export interface CustomerDevice {
  app_type: number;
  app_name: string;
  platform: string;
  device_id: string;
  device_name: string | null;
  last_seen: string;
}

/** A live session: when it began and was last used, and a coarse client; never its token. */
export interface CustomerSession {
  id: number;
  app_type: number;
  app_name: string;
  browser: string | null;
  os: string | null;
  country: string | null;
  created_at: string;
  last_seen_at: string;
}

export interface CustomerDetail {
  account: CustomerAccount;
  subscriptions: CustomerSubscription[];
  payments: FoundOrder[];
  devices: CustomerDevice[];
  sessions: CustomerSession[];
}
