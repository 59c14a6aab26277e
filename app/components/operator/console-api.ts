import { useMemo } from "react";
import type { Locale } from "../../../universal/i18n/locales";
import type { CataloguePlanRecord, CatalogueShelf, RouteRuleRecord } from "../../../universal/staff/catalogue-records";
import type {
  AuditEntry,
  FoundOrder,
  InboxReport,
  InboxThread,
  StaffMember,
} from "../../../universal/staff/console-records";
import type { AuditAction, ReportStatus, StaffRight, StaffRole } from "../../../universal/staff/roles";
import { useApi } from "../../lib/use-api";

export type {
  AuditEntry,
  CataloguePlanRecord,
  CatalogueShelf,
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
    }),
    [call],
  );
}
