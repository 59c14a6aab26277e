/**
 * SPEC §7's captcha variants: `r2` (the older captcha, a signature the caller supplies) and `r3`
 * (captcha v3, a token the page obtains). Every call that carries `recasign` is listed here with
 * its variant; it is served at its /api/mms/... path and at its one alias /ws/mm/reca/<variant>/...
 * The server verifies each call as its variant and the page calls the alias (decision 045).
 */
export type CaptchaVariant = "r2" | "r3";

export interface CaptchaCall {
  method: "GET" | "POST";
  /** The /api/mms/... path; `{name}` is one path segment (a provider code). */
  path: string;
  variant: CaptchaVariant;
}

export const CAPTCHA_CALLS: readonly CaptchaCall[] = [
  { method: "POST", path: "/api/mms/account/v1/web/login", variant: "r2" },
  { method: "POST", path: "/api/mms/account/v1/web/anonymous_signup", variant: "r3" },
  // Account numbers (decision 042): opening one is a sign-up (r3), signing in with one a login (r2).
  { method: "POST", path: "/api/mms/account/v1/web/account_number", variant: "r3" },
  { method: "POST", path: "/api/mms/account/v1/web/account_number/login", variant: "r2" },
  // Redeeming a voucher without an account opens one, as the anonymous sign-up does (decision 046).
  { method: "POST", path: "/api/mms/account/v1/web/voucher/redeem_anonymous", variant: "r3" },
  { method: "POST", path: "/api/mms/account/v1/web/verification/request", variant: "r3" },
  { method: "POST", path: "/api/mms/payment/v1/providers/s1/create_subscription", variant: "r3" },
  { method: "POST", path: "/api/mms/payment/v1/providers/common/pd/prepurchase", variant: "r3" },
  { method: "POST", path: "/api/mms/payment/v1/providers/{code}/purchase", variant: "r3" },
  { method: "POST", path: "/api/mms/report/v1/contact_us", variant: "r3" },
];

const API_PREFIX = "/api/mms/";
const ALIAS = /^\/ws\/mm\/reca\/(r2|r3)\//;

/** What each variant means, for the API document. */
export const CAPTCHA_VARIANT_TEXT: Record<CaptchaVariant, string> = {
  r2: "captcha r2: the older captcha, a signature supplied by the caller",
  r3: "captcha r3: captcha v3, a token obtained in the page",
};

/** The alias of an /api/mms/... path under its variant's prefix. */
export function captchaAliasPath(path: string, variant: CaptchaVariant): string {
  if (!path.startsWith(API_PREFIX)) throw new Error(`not an /api/mms path: ${path}`);
  return `/ws/mm/reca/${variant}/${path.slice(API_PREFIX.length)}`;
}

const matches = (pattern: string, path: string) => {
  const a = pattern.split("/");
  const b = path.split("/");
  return a.length === b.length && a.every((part, i) => (part.startsWith("{") ? b[i] !== "" : part === b[i]));
};

/**
 * The captcha call a concrete request path is (either spelling), or undefined. An alias under the
 * other variant's prefix is no captcha call: each call has one variant.
 */
export function captchaCallOf(
  path: string,
  method: "GET" | "POST" = "POST",
  calls: readonly CaptchaCall[] = CAPTCHA_CALLS,
): CaptchaCall | undefined {
  const alias = ALIAS.exec(path);
  const plain = alias ? API_PREFIX + path.slice(alias[0].length) : path;
  const call = calls.find((entry) => entry.method === method && matches(entry.path, plain));
  if (!call || (alias && alias[1] !== call.variant)) return undefined;
  return call;
}

/**
 * The request a page sends for a captcha call (SPEC §7): the alias of the call's variant, and the
 * token as `recasign` in the body for POST, in the query string for GET. A path that is no
 * captcha call is an error in our code, not the visitor's.
 */
export function captchaRequest(
  method: "GET" | "POST",
  path: string,
  payload: Record<string, unknown>,
  token: string,
  calls: readonly CaptchaCall[] = CAPTCHA_CALLS,
): { path: string; body?: Record<string, unknown> } {
  const call = captchaCallOf(path, method, calls);
  if (!call) throw new Error(`${method} ${path} carries no captcha`);
  const alias = captchaAliasPath(path, call.variant);
  if (method === "POST") return { path: alias, body: { ...payload, recasign: token } };
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  query.set("recasign", token);
  return { path: `${alias}?${query}` };
}
