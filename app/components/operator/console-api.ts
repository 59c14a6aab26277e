import { useMemo } from "react";
import type { Locale } from "../../../universal/i18n/locales";
import type { PromotionConfig } from "../../../universal/promotions/promotion-config";
import type { CataloguePlanRecord, CatalogueShelf, RouteRuleRecord } from "../../../universal/staff/catalogue-records";
import type {
  AuditEntry,
  CustomerDetail,
  Dashboard,
  FoundOrder,
  InboxReport,
  InboxThread,
  StaffMember,
} from "../../../universal/staff/console-records";
import type { DashboardSeries, DayRange } from "../../../universal/staff/dashboard-range";
import type { AuditAction, ReportStatus, StaffRight, StaffRole } from "../../../universal/staff/roles";
import { ApiError, type Envelope, WEB_APP_TYPE } from "../../lib/api";
import { useApi } from "../../lib/use-api";

export type {
  AuditEntry,
  CataloguePlanRecord,
  CatalogueShelf,
  CustomerDetail,
  Dashboard,
  FoundOrder,
  InboxReport,
  InboxThread,
  RouteRuleRecord,
  StaffMember,
};

/** A plan's terms as the console's forms send them. */
export interface PlanTerms {
  months: number;
  device_limit: number;
  ip_limit: number;
  sort_order: number;
}

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

const rangeQuery = (range: DayRange | { days: number }) =>
  new URLSearchParams("days" in range ? { days: String(range.days) } : { from: range.from, to: range.to }).toString();

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
      /** The dashboard of a range, or of the last `days` days by the server's clock. */
      dashboard: (range: DayRange | { days: number }) =>
        call<Dashboard>("GET", `${CONSOLE_API}/dashboard?${rangeQuery(range)}`),
      /** One series as a CSV file, saved by the browser under the server's file name (decision 055). */
      downloadCsv: async (range: DayRange, series: DashboardSeries) => {
        const query = new URLSearchParams({ ...range, series });
        const response = await fetch(`${CONSOLE_API}/dashboard/csv?${query}`, {
          credentials: "same-origin",
          headers: { "X-App-Type": WEB_APP_TYPE },
        });
        if (!response.ok) {
          const envelope = (await response.json().catch(() => null)) as Envelope | null;
          throw new ApiError(response.status, envelope ?? { code: response.status, message: "error", data: null });
        }
        const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];
        const url = URL.createObjectURL(await response.blob());
        const link = document.createElement("a");
        link.href = url;
        link.download = name ?? `${series}.csv`;
        document.body.append(link);
        link.click();
        link.remove();
        // After the click has handed the file to the browser's download.
        setTimeout(() => URL.revokeObjectURL(url), 0);
      },
      catalogue: () => call<CatalogueShelf>("GET", `${CONSOLE_API}/catalogue`),
      addPlan: async (plan: PlanTerms & { id: string; visible: boolean }) =>
        (await call<{ plan: CataloguePlanRecord }>("POST", `${CONSOLE_API}/catalogue/plans`, plan)).plan,
      editPlan: async (planId: string, terms: PlanTerms) =>
        (
          await call<{ plan: CataloguePlanRecord }>("POST", `${CONSOLE_API}/catalogue/plans/edit`, {
            plan_id: planId,
            ...terms,
          })
        ).plan,
      planVisible: async (planId: string, visible: boolean) =>
        (
          await call<{ plan: CataloguePlanRecord }>("POST", `${CONSOLE_API}/catalogue/plans/visibility`, {
            plan_id: planId,
            visible,
          })
        ).plan,
      defaultPlan: async (planId: string) =>
        (
          await call<{ plan: CataloguePlanRecord }>("POST", `${CONSOLE_API}/catalogue/plans/default`, {
            plan_id: planId,
          })
        ).plan,
      setPrice: async (price: {
        plan_id: string;
        currency: string;
        list_amount: number;
        sale_amount: number;
        trial_amount: number | null;
      }) => (await call<{ plan: CataloguePlanRecord }>("POST", `${CONSOLE_API}/catalogue/prices`, price)).plan,
      mapPriceId: async (planId: string, provider: string, priceId: string | null) =>
        (
          await call<{ plan: CataloguePlanRecord }>("POST", `${CONSOLE_API}/catalogue/price_ids`, {
            plan_id: planId,
            provider,
            price_id: priceId,
          })
        ).plan,
      routeRules: async () => (await call<{ rules: RouteRuleRecord[] }>("GET", `${CONSOLE_API}/route_rules`)).rules,
      saveRouteRule: (rule: { path: string; target: string; permanent: boolean }) =>
        call<{ rule: RouteRuleRecord }>("POST", `${CONSOLE_API}/route_rules`, rule),
      deleteRouteRule: (path: string) => call("POST", `${CONSOLE_API}/route_rules/delete`, { path }),
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
