/** The account page's calls and the shapes it reads (the contracts are in server/api/account/). */
export const ACCOUNT_API = "/api/mms/account/v1/web";
export const SUBSCRIPTION_API = "/api/mms/payment/v1/web";

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

/** What a section last has to say: one message in its live region. */
export type SectionNotice = { tone: "success" | "error"; text: string } | null;
