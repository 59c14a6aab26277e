import { useMemo } from "react";
import type { Locale } from "../../../universal/i18n/locales";
import type {
  AuditEntry,
  CustomerDetail,
  FoundOrder,
  InboxReport,
  InboxThread,
  StaffMember,
} from "../../../universal/staff/console-records";
import type { AuditAction, ReportStatus, StaffRight, StaffRole } from "../../../universal/staff/roles";
import { useApi } from "../../lib/use-api";

export type { AuditEntry, CustomerDetail, FoundOrder, InboxReport, InboxThread, StaffMember };

/**
 * The operator console's one API client (decision 051): every call its views make, typed, with
 * the paths in one place (contracts in server/api/console/).
 */
const CONSOLE_API = "/api/mms/console/v1/web";

export interface StaffSelf {
  user_id: number;
  email: string | null;
  role: StaffRole;
  rights: StaffRight[];
  two_factor: boolean;
}

export function useConsoleApi() {
  const call = useApi();
  return useMemo(
    () => ({
      me: () => call<StaffSelf>("GET", `${CONSOLE_API}/me`),
      accept: (token: string) => call<{ role: StaffRole }>("POST", `${CONSOLE_API}/invitation/accept`, { token }),
      staff: async () => (await call<{ staff: StaffMember[] }>("GET", `${CONSOLE_API}/staff`)).staff,
      invite: (email: string, role: StaffRole, locale: Locale) =>
        call("POST", `${CONSOLE_API}/staff/invite`, { email, role, locale }),
      changeRole: async (userId: number, role: StaffRole) =>
        (await call<{ staff: StaffMember[] }>("POST", `${CONSOLE_API}/staff/role`, { user_id: userId, role })).staff,
      remove: async (userId: number) =>
        (await call<{ staff: StaffMember[] }>("POST", `${CONSOLE_API}/staff/remove`, { user_id: userId })).staff,
      audit: async (filter: { actor?: string; action?: AuditAction | "" }) => {
        const query = new URLSearchParams();
        if (filter.actor) query.set("actor", filter.actor);
        if (filter.action) query.set("action", filter.action);
        const suffix = query.size > 0 ? `?${query}` : "";
        return (await call<{ entries: AuditEntry[] }>("GET", `${CONSOLE_API}/audit${suffix}`)).entries;
      },
      refund: (orderId: string) =>
        call<{ outcome: "refunded" | "pending" }>("POST", `${CONSOLE_API}/orders/refund`, { order_id: orderId }),
      orders: async (q: string) =>
        (await call<{ orders: FoundOrder[] }>("GET", `${CONSOLE_API}/orders?q=${encodeURIComponent(q)}`)).orders,
      customer: (userId: number) => call<CustomerDetail>("GET", `${CONSOLE_API}/customers/${userId}`),
      cancelRenewal: (userId: number, subscriptionId: number) =>
        call<{ period_end: string | null }>("POST", `${CONSOLE_API}/customers/subscription/cancel`, {
          user_id: userId,
          subscription_id: subscriptionId,
        }),
      endSessions: (userId: number, sessionId?: number) =>
        call<{ ended: number }>("POST", `${CONSOLE_API}/customers/sessions/end`, {
          user_id: userId,
          session_id: sessionId,
        }),
      removeDevice: (userId: number, appType: number, deviceId: string) =>
        call("POST", `${CONSOLE_API}/customers/devices/remove`, {
          user_id: userId,
          app_type: appType,
          device_id: deviceId,
        }),
      disableAccount: (userId: number) => call("POST", `${CONSOLE_API}/customers/disable`, { user_id: userId }),
      enableAccount: (userId: number) => call("POST", `${CONSOLE_API}/customers/enable`, { user_id: userId }),
      inbox: async (filter: { q: string; status: ReportStatus | "" }) => {
        const query = new URLSearchParams();
        if (filter.q) query.set("q", filter.q);
        if (filter.status) query.set("status", filter.status);
        const suffix = query.size > 0 ? `?${query}` : "";
        return (await call<{ reports: InboxReport[] }>("GET", `${CONSOLE_API}/inbox${suffix}`)).reports;
      },
      inboxReport: async (id: number) =>
        (await call<{ report: InboxThread }>("GET", `${CONSOLE_API}/inbox/${id}`)).report,
      inboxReply: (id: number, message: string) => call("POST", `${CONSOLE_API}/inbox/reply`, { id, message }),
      inboxStatus: (id: number, status: ReportStatus) => call("POST", `${CONSOLE_API}/inbox/status`, { id, status }),
    }),
    [call],
  );
}
