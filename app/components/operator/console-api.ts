import { useMemo } from "react";
import type { Locale } from "../../../universal/i18n/locales";
import type { PromotionConfig } from "../../../universal/promotions/promotion-config";
import type {
  AuditEntry,
  FoundOrder,
  InboxReport,
  InboxThread,
  StaffMember,
} from "../../../universal/staff/console-records";
import type { AuditAction, ReportStatus, StaffRight, StaffRole } from "../../../universal/staff/roles";
import { useApi } from "../../lib/use-api";

export type { AuditEntry, FoundOrder, InboxReport, InboxThread, StaffMember };

/**
 * The operator console's one API client (decision 051): every call its views make, typed, with
 * the paths in one place (contracts in server/api/console/).
 */
const CONSOLE_API = "/api/mms/console/v1/web";

/** A coupon as the console lists it (decision 034's terms, with its redemption count). */
export interface ConsoleCoupon {
  code: string;
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  plan_ids: string[] | null;
  starts_at: string | null;
  ends_at: string | null;
  max_redemptions: number | null;
  redemptions: number;
  first_purchase_only: boolean;
  created_by: string;
  created_at: string;
}

/** One redemption: what was sold, not who bought it (decision 057). */
export interface CouponRedemption {
  redeemed_at: string;
  plan_id: string;
  currency: string;
  amount: number;
  discount: number;
  status: string;
}

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
      promotions: async () => (await call<{ config: PromotionConfig }>("GET", `${CONSOLE_API}/promotions`)).config,
      savePromotion: async (promotion: unknown) =>
        (await call<{ config: PromotionConfig }>("POST", `${CONSOLE_API}/promotions/save`, promotion)).config,
      endPromotion: async (id: string) =>
        (await call<{ config: PromotionConfig }>("POST", `${CONSOLE_API}/promotions/end`, { id })).config,
      savePopups: async (popups: PromotionConfig["popups"]) =>
        (await call<{ config: PromotionConfig }>("POST", `${CONSOLE_API}/promotions/popups`, { popups })).config,
      coupons: async () => (await call<{ coupons: ConsoleCoupon[] }>("GET", `${CONSOLE_API}/coupons`)).coupons,
      redemptions: async (code: string) =>
        (
          await call<{ redemptions: CouponRedemption[] }>(
            "GET",
            `${CONSOLE_API}/coupons/${encodeURIComponent(code)}/redemptions`,
          )
        ).redemptions,
      createCoupon: (coupon: Record<string, unknown>) => call("POST", `${CONSOLE_API}/coupons`, coupon),
      endCoupon: (code: string) => call("POST", `${CONSOLE_API}/coupons/end`, { code }),
    }),
    [call],
  );
}
