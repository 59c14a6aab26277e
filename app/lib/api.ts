import { API_ERRORS } from "../../universal/api/errors";
import { SESSION_ENDED_CODES } from "../../universal/api/session-ended";
import { type Locale, localizePath } from "../../universal/i18n/locales";
import { readCookie } from "./cookies";
import { clearUserInfo } from "./user-info";

const LOGOUT_PATH = "/api/mms/account/v1/web/logout";

/**
 * 403s that are not about the session: the console's refusals (decision 051), and a disabled
 * account's sign-in (decision 058), which the login form shows instead of going to /login.
 */
const STAFF_REFUSALS = new Set<number>([
  API_ERRORS.accountDisabled.code,
  API_ERRORS.staffOnly.code,
  API_ERRORS.staffRightMissing.code,
  API_ERRORS.staffTwoFactorRequired.code,
]);

/** Whether an answer means "sign in again": a 401 or 403 other than the refusals above. */
export function sendsToLogin(status: number, code: number): boolean {
  return (status === 401 || status === 403) && !STAFF_REFUSALS.has(code);
}

/** The website's application identifier (SPEC §1). */
export const WEB_APP_TYPE = "501";

export interface Envelope<T = Record<string, unknown> | null> {
  code: number;
  message: string;
  data: T;
}

/** A non-200 answer; `envelope` is the body (SPEC §8: passed on as the rejection). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly envelope: Envelope<Record<string, unknown> | null>,
  ) {
    super(envelope.message || "error");
    this.name = "ApiError";
  }
  get fields(): Record<string, string> {
    return (this.envelope.data?.fields as Record<string, string> | undefined) ?? {};
  }
}

export interface ApiHooks {
  locale: Locale;
  /** Asks the user to confirm (the translated "You have been logged out…" text). */
  confirmLoggedOut: () => boolean;
}

/** SPEC §7: `X-From: CJ` on providers/plans and providers/common/params when the CJ client cookie exists. */
export function visitSourceHeaders(): Record<string, string> {
  return readCookie("cje-client") ? { "X-From": "CJ" } : {};
}

/** Set once the page signs out: answers after that (cards still loading) change nothing. */
let signingOut = false;

/**
 * Ends the session here and on the server; the caller then leaves the page. From here on the
 * page's other calls neither save what they bring nor treat the ended session as a surprise (no
 * prompt, no second navigation racing the caller's).
 */
export async function signOut(): Promise<void> {
  signingOut = true;
  clearUserInfo();
  await fetch(LOGOUT_PATH, {
    method: "POST",
    credentials: "same-origin",
    headers: { "X-App-Type": WEB_APP_TYPE },
  }).catch(() => undefined);
}

/**
 * The one API client of the website: JSON in and out, `X-App-Type: 501`, the session in its
 * HttpOnly cookie. Ended sessions (50008/50012/50014) ask before clearing and reloading;
 * other 401/403 answers clear the session and go to the login page.
 */
export async function api<T = Record<string, unknown>>(
  method: "GET" | "POST",
  path: string,
  body: unknown,
  hooks: ApiHooks,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: {
      "X-App-Type": WEB_APP_TYPE,
      ...headers,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let envelope: Envelope;
  try {
    envelope = (await response.json()) as Envelope;
  } catch {
    envelope = { code: response.status, message: "error", data: null };
  }
  if (signingOut) throw new ApiError(response.status, { ...envelope, data: null });
  if (envelope.code === 200 && response.ok) return envelope.data as T;

  if (SESSION_ENDED_CODES.has(envelope.code)) {
    // SPEC §8: staying leaves the page (and the ended session's cookie) as it was; the next call
    // that needs the session asks again. Confirming clears the session here and on the server.
    if (hooks.confirmLoggedOut()) {
      await signOut();
      window.location.reload();
    }
  } else if (sendsToLogin(response.status, envelope.code)) {
    clearUserInfo();
    const here = window.location.pathname + window.location.search;
    window.location.assign(`${localizePath("/login", hooks.locale)}?redirect=${encodeURIComponent(here)}`);
  }
  throw new ApiError(response.status, envelope);
}
