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
