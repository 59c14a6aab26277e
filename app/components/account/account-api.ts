import { useMemo } from "react";
import type { SECURITY_EVENT_KINDS } from "../../../universal/account/security-events";
import type { BillingDetails, PaymentRecord } from "../../../universal/billing/payment-record";
import { useApi } from "../../lib/use-api";

/**
 * The account page's one API client: every call its sections make, typed, with the paths in one
 * place (the contracts are in server/api/account/ and server/api/payment/). Sections call these
 * methods and never build a URL or a body shape themselves.
 */
const ACCOUNT_API = "/api/mms/account/v1/web";
const SUBSCRIPTION_API = "/api/mms/payment/v1/web";

export interface Profile {
  user_id: number;
  email: string;
  is_password_set: boolean;
  is_email_verified: boolean;
  vip: { is_vip: boolean; remain_time: number; expire_at: string | null };
}

export interface Subscription {
  id: number;
  plan_id: string;
  plan_months: number | null;
  status: string;
  provider: string;
  expires_at: string | null;
  auto_renew: boolean;
}

/** The account's latest paid purchase and whether its owner may refund it (decision 035). */
export interface RefundStatus {
  window_days: number | null;
  purchase: {
    order_id: string;
    plan_id: string;
    provider: string;
    amount: number;
    currency: string;
    paid_at: string | null;
  } | null;
  eligible: boolean;
  reason: "off" | "no_purchase" | "refunded" | "second_refund" | "not_first_purchase" | "window_over" | null;
  refundable_until: string | null;
}

export interface BoundIp {
  bound_ip: string | null;
  current_ip: string;
}

export interface Device {
  app_type: number;
  app_name: string;
  platform: string;
  user_id: number;
  device_id: string;
  device_name: string;
  last_seen: string;
}

export interface DeviceList {
  devices: Device[];
  limit: number;
}

/** A first password; the e-mailed code while the address is not proved yet (decision 020). */
export interface SetPasswordBody {
  password: string;
  code?: string;
}

/** One active session of the account (website or app), as the session list shows it. */
export interface AccountSession {
  id: number;
  current: boolean;
  client: "browser" | "app";
  app_type: number;
  app_name: string | null;
  platform: string | null;
  browser: string | null;
  os: string | null;
  country: string | null;
  created_at: string;
  last_seen_at: string;
}

export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

export interface SecurityLog {
  days: number;
  sign_ins: { succeeded: number; failed: number };
  events: Array<{ kind: SecurityEventKind; at: string; country: string | null; app_type: number | null }>;
}

/** What a section last has to say: one message in its live region. */
export type SectionNotice = { tone: "success" | "error"; text: string } | null;

export type AccountApi = ReturnType<typeof useAccountApi>;

/** The client bound to the page's language (session-ended confirmation and redirects, as useApi). */
export function useAccountApi() {
  const call = useApi();
  return useMemo(
    () => ({
      profile: () => call<Profile>("GET", `${ACCOUNT_API}/profile`),
      logout: () => call("POST", `${ACCOUNT_API}/logout`, {}),
      changePassword: (oldPassword: string, newPassword: string) =>
        call<Profile>("POST", `${ACCOUNT_API}/change_password`, {
          old_password: oldPassword,
          new_password: newPassword,
        }),
      setPassword: (body: SetPasswordBody) => call<Profile>("POST", `${ACCOUNT_API}/set_password`, body),
      subscriptions: async () =>
        (await call<{ subscriptions: Subscription[] }>("GET", `${SUBSCRIPTION_API}/subscription_my`)).subscriptions,
      /** Automatic renewal off (cancel at the period's end) or back on. */
      setRenewal: (subscription: Subscription, on: boolean) =>
        call("POST", `${SUBSCRIPTION_API}/${on ? "subscription_resume" : "subscription_cancel"}`, {
          id: subscription.id,
        }),
      refundStatus: () => call<RefundStatus>("GET", `${SUBSCRIPTION_API}/refund_status`),
      /** The money back in full: "refunded" at once, or "pending" while the processor reviews it. */
      refund: (orderId: string) =>
        call<{ outcome: "refunded" | "pending" }>("POST", `${SUBSCRIPTION_API}/refund`, { order_id: orderId }),
      payments: async () =>
        (await call<{ payments: PaymentRecord[] }>("GET", `${SUBSCRIPTION_API}/payment_my`)).payments,
      billingDetails: () => call<BillingDetails>("GET", `${SUBSCRIPTION_API}/billing_profile`),
      saveBillingDetails: (details: BillingDetails) =>
        call<BillingDetails>("POST", `${SUBSCRIPTION_API}/billing_profile`, details),
      // SPEC §8: the query carries _span, the current timestamp.
      boundIp: () => call<BoundIp>("POST", `${ACCOUNT_API}/user_ip/query`, { _span: Date.now() }),
      bindIp: (ip: string) => call("POST", `${ACCOUNT_API}/user_ip/bind`, { ip }),
      removeIp: () => call("POST", `${ACCOUNT_API}/user_ip/remove`, {}),
      devices: () => call<DeviceList>("GET", `${ACCOUNT_API}/device/list`),
      unbindDevice: (device: Device) =>
        call("POST", `${ACCOUNT_API}/device/unbind`, {
          unbind_app_type: device.app_type,
          unbind_user_id: device.user_id,
          device_id: device.device_id,
        }),
      sessions: async () => (await call<{ sessions: AccountSession[] }>("GET", `${ACCOUNT_API}/sessions`)).sessions,
      endSession: (id: number) => call("POST", `${ACCOUNT_API}/sessions/end`, { id }),
      endOtherSessions: () => call<{ ended: number }>("POST", `${ACCOUNT_API}/sessions/end_others`, {}),
      securityLog: () => call<SecurityLog>("GET", `${ACCOUNT_API}/security_log`),
      /** A code to the new address; the change happens when it comes back (confirmEmailChange). */
      requestEmailChange: (newEmail: string) =>
        call("POST", `${ACCOUNT_API}/change_email/request`, { new_email: newEmail }),
      confirmEmailChange: (newEmail: string, code: string) =>
        call<Profile>("POST", `${ACCOUNT_API}/change_email/confirm`, { new_email: newEmail, code }),
    }),
    [call],
  );
}
