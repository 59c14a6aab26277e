import { useMemo } from "react";
import type { SECURITY_EVENT_KINDS } from "../../../universal/account/security-events";
import type { BillingDetails, PaymentRecord } from "../../../universal/billing/payment-record";
import { downloadApiFile } from "../../lib/download-file";
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
  /** Null for an account opened with an account number until it adds one (decision 042). */
  email: string | null;
  has_account_number: boolean;
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
  /** A prepaid period paid in cryptocurrency (decision 050): it never renews, there is no switch. */
  prepaid?: boolean;
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
  reason: "off" | "no_purchase" | "refunded" | "second_refund" | "not_first_purchase" | "window_over" | "crypto" | null;
  refundable_until: string | null;
}

/** Why a plan switch is not offered (decision 037); null where it is. */
export type SwitchRefusal =
  | "not_subscriber"
  | "same_plan"
  | "not_sold_in_currency"
  | "not_an_upgrade"
  | "renewal_off"
  | "switch_pending"
  | "processor_cannot_switch"
  | "prepaid"
  | null;
export type SwitchTiming = "now" | "at_renewal";

/** The account's plan, a switch scheduled for its renewal, and the plans it may move to. */
export interface PlanSwitchStatus {
  subscription: {
    id: number;
    plan_id: string;
    plan_months: number | null;
    device_limit: number | null;
    currency: string;
    amount: number;
    period_end: string | null;
    auto_renew: boolean;
    prepaid?: boolean;
    scheduled: { plan_id: string; plan_months: number | null; amount: number | null; at: string | null } | null;
  } | null;
  choices: Array<{
    plan_id: string;
    plan_months: number;
    device_limit: number;
    amount: number;
    now: SwitchRefusal;
    at_renewal: SwitchRefusal;
  }>;
}

/** What a switch costs (the processor's figures), or what it charged. */
export interface PlanSwitchQuote {
  plan_id: string;
  timing: SwitchTiming;
  amount: number;
  currency: string;
  effective_at: string;
  period_end: string | null;
  device_limit: number;
  /** A preview's moment, sent back with the switch (which then charges this amount). */
  quoted_at?: string;
}

export interface BoundIp {
  bound_ips: Array<{ ip: string; bound_at: string }>;
  /** How many addresses the plan lets the account bind. */
  limit: number;
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

/** A WireGuard key of the manual setup (decision 044): only its public half is known to the server. */
export interface WireGuardKey {
  id: number;
  name: string;
  public_key: string;
  ipv4: string;
  ipv6: string;
  created_at: string;
}

export interface WireGuardKeyList {
  keys: WireGuardKey[];
  limit: number;
  used: number;
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

/** The account's invite link and what it earned (decision 047). */
export interface InviteStatus {
  code: string | null;
  link: string | null;
  short_link: string | null;
  reward: { months: number; days: number };
  joined: number;
  purchased: number;
  rewards: Array<{
    role: "inviter" | "friend";
    status: "pending" | "granted" | "cancelled" | "revoked";
    months: number;
    days: number;
    due_at: string;
    granted_at: string | null;
  }>;
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
      /** A prepaid voucher's time onto this account (decision 046); `code` in its canonical form. */
      redeemVoucher: (code: string) => call("POST", `${ACCOUNT_API}/voucher/redeem`, { code }),
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
      invite: () => call<InviteStatus>("GET", `${ACCOUNT_API}/invite`),
      /** The money back in full: "refunded" at once, or "pending" while the processor reviews it. */
      refund: (orderId: string) =>
        call<{ outcome: "refunded" | "pending" }>("POST", `${SUBSCRIPTION_API}/refund`, { order_id: orderId }),
      planSwitch: () => call<PlanSwitchStatus>("GET", `${SUBSCRIPTION_API}/plan_switch`),
      previewPlanSwitch: (planId: string, timing: SwitchTiming) =>
        call<PlanSwitchQuote>("POST", `${SUBSCRIPTION_API}/plan_switch/preview`, {
          plan_id: planId,
          timing,
        }),
      /** quotedAt: the preview's, so the switch charges the amount it showed. */
      switchPlan: (planId: string, timing: SwitchTiming, quotedAt?: string) =>
        call<PlanSwitchQuote & { devices_unbound: number }>("POST", `${SUBSCRIPTION_API}/plan_switch`, {
          plan_id: planId,
          timing,
          quoted_at: quotedAt,
        }),
      cancelScheduledSwitch: () => call<{ canceled: boolean }>("POST", `${SUBSCRIPTION_API}/plan_switch/cancel`, {}),
      payments: async () =>
        (await call<{ payments: PaymentRecord[] }>("GET", `${SUBSCRIPTION_API}/payment_my`)).payments,
      billingDetails: () => call<BillingDetails>("GET", `${SUBSCRIPTION_API}/billing_profile`),
      saveBillingDetails: (details: BillingDetails) =>
        call<BillingDetails>("POST", `${SUBSCRIPTION_API}/billing_profile`, details),
      // SPEC §8: the query carries _span, the current timestamp.
      boundIp: () => call<BoundIp>("POST", `${ACCOUNT_API}/user_ip/query`, { _span: Date.now() }),
      bindIp: (ip: string) => call("POST", `${ACCOUNT_API}/user_ip/bind`, { ip }),
      removeIp: (ip: string) => call("POST", `${ACCOUNT_API}/user_ip/remove`, { ip }),
      /** Everything stored about the account, downloaded as a JSON file (decision 041). */
      downloadData: () => downloadApiFile(`${ACCOUNT_API}/data_export`, "account-data.json"),
      /** E-mails the code that confirms a deletion (for an account without a password, or instead of it). */
      sendDeletionCode: () => call("POST", `${ACCOUNT_API}/delete_account/code`, {}),
      deleteAccount: (proof: { password: string } | { code: string } | { account_number: string }) =>
        call<{ deleted: true }>("POST", `${ACCOUNT_API}/delete_account`, proof),
      devices: () => call<DeviceList>("GET", `${ACCOUNT_API}/device/list`),
      unbindDevice: (device: Device) =>
        call("POST", `${ACCOUNT_API}/device/unbind`, {
          unbind_app_type: device.app_type,
          unbind_user_id: device.user_id,
          device_id: device.device_id,
        }),
      wireguardKeys: () => call<WireGuardKeyList>("GET", `${ACCOUNT_API}/wireguard/list`),
      addWireguardKey: (publicKey: string, name: string) =>
        call<WireGuardKey>("POST", `${ACCOUNT_API}/wireguard/add`, { public_key: publicKey, name }),
      revokeWireguardKey: (id: number) => call("POST", `${ACCOUNT_API}/wireguard/revoke`, { id }),
      /** The country's OpenVPN profile, downloaded under the server's file name. */
      downloadOpenVpnProfile: (region: string) =>
        downloadApiFile(`${ACCOUNT_API}/openvpn/profile?region=${encodeURIComponent(region)}`, `${region}.ovpn`),
      /** The most recently active sessions (at most 20) and how many are active in all. */
      sessions: () => call<{ sessions: AccountSession[]; total: number }>("GET", `${ACCOUNT_API}/sessions`),
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
