import { isIPv6 } from "node:net";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { loginFailures, rateLimits } from "../../db/schema";

/**
 * Every rate limit, in one table. Counters live in the database (fixed windows, one atomic
 * upsert per hit), so all app processes share them.
 */
export const RATE_LIMITS = {
  /** Login attempts from one client address (IPv6 counted per /64). */
  loginPerIp: { limit: 30, windowSeconds: 10 * 60 },
  /** Code e-mails: at most one a minute per address and purpose, ten a day per address, and a cap per client address. */
  codeRequestPerEmailMinute: { limit: 1, windowSeconds: 60 },
  codeRequestPerEmailDay: { limit: 10, windowSeconds: 24 * 60 * 60 },
  codeRequestPerIp: { limit: 20, windowSeconds: 60 * 60 },
  /** Code checks (validate, reset) from one client address. */
  codeCheckPerIp: { limit: 60, windowSeconds: 60 * 60 },
  /** Anonymous sign-ups from one client address. */
  signupPerIp: { limit: 10, windowSeconds: 60 * 60 },
  /** Lookups of other addresses on the what-is-my-ip page and API, from one client address. */
  ipLookupPerIp: { limit: 60, windowSeconds: 10 * 60 },
  /** Contact-us reports from one client address, and about one e-mail address. */
  contactPerIp: { limit: 5, windowSeconds: 60 * 60 },
  contactPerEmail: { limit: 3, windowSeconds: 60 * 60 },
  /** Refused operator-API tokens from one client address. */
  operatorFailuresPerIp: { limit: 20, windowSeconds: 60 * 60 },
  /** Analytics batches from one client address (a busy page sends a few a minute). */
  analyticsPerIp: { limit: 600, windowSeconds: 10 * 60 },
  /** Coupon quotes at checkout from one client address (guessing codes is slow). */
  couponQuotePerIp: { limit: 60, windowSeconds: 10 * 60 },
  /** Password changes and sets by one account. */
  passwordChangePerAccount: { limit: 10, windowSeconds: 60 * 60 },
  /** Tries of the password or code that confirm an account's deletion. */
  accountDeletionPerAccount: { limit: 10, windowSeconds: 60 * 60 },
  /** E-mail change requests and confirmations by one account (the code mails also count per address). */
  emailChangePerAccount: { limit: 10, windowSeconds: 60 * 60 },
  /**
   * Wrong second factors (authenticator or recovery codes, passkeys) and wrong confirmations before
   * a 2FA change: only failures count (`failureLimitReached` before a try, `hitRateLimit` after a
   * wrong one), so the owner typing right codes is never held up by the counter.
   */
  secondFactorFailuresPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  secondFactorFailuresPerIp: { limit: 30, windowSeconds: 15 * 60 },
  passkeyFailuresPerIp: { limit: 30, windowSeconds: 15 * 60 },
  reauthFailuresPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  /** WireGuard keys registered by one account (each takes a tunnel address; decision 044). */
  wireguardKeyPerAccount: { limit: 20, windowSeconds: 60 * 60 },
  /**
   * Wrong account numbers from one client address (decision 042), failures only: an owner typing
   * the right number is never held up, a guesser gets 10 tries an hour among 10^16 numbers.
   */
  accountNumberFailuresPerIp: { limit: 10, windowSeconds: 60 * 60 },
  /**
   * Voucher codes that were unknown, used or expired (decision 046), per client address and per
   * account: only failures count, so a reseller's customer redeeming codes is never held up.
   */
  voucherFailuresPerIp: { limit: 10, windowSeconds: 60 * 60 },
  voucherFailuresPerAccount: { limit: 10, windowSeconds: 60 * 60 },
  /** Console invitations sent by one owner (each is a mail), and unknown invitation tokens tried by one account (decision 051). */
  staffInvitePerAccount: { limit: 20, windowSeconds: 60 * 60 },
  staffInvitationFailuresPerAccount: { limit: 10, windowSeconds: 60 * 60 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number;
}

/** The subject a client address counts under: IPv4 as is, IPv6 by its /64 network. */
export function ipSubject(address: string): string {
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || "0", 16).toString(16))
    .join(":")}::/64`;
}

/** Counts one hit against `name` for `subject`; refuses once the window's limit is passed. */
export async function hitRateLimit(
  db: Database,
  name: RateLimitName,
  subject: string,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const { limit, windowSeconds } = RATE_LIMITS[name];
  const key = `${name}:${subject.toLowerCase()}`;
  const windowStartFloor = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  const nowIso = now.toISOString();
  const result = (await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${nowIso}, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${windowStartFloor} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= ${windowStartFloor} then ${nowIso}::timestamptz else rate_limits.window_start end
    returning count, window_start
  `)) as unknown as { rows: Array<{ count: number; window_start: string | Date }> };
  const row = result.rows[0];
  const count = Number(row?.count ?? 1);
  const started = new Date(row?.window_start ?? now).getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((started + windowSeconds * 1000 - now.getTime()) / 1000));
  return { allowed: count <= limit, retryAfterSeconds };
}

/**
 * Whether the failures already counted under `name` for `subject` have reached its limit, without
 * counting a hit: for limits that count only failures. Retry-After when they have.
 */
export async function failureLimitReached(
  db: Database,
  name: RateLimitName,
  subject: string,
  now: Date = new Date(),
): Promise<number | null> {
  const { limit, windowSeconds } = RATE_LIMITS[name];
  const [row] = await db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, `${name}:${subject.toLowerCase()}`));
  if (!row) return null;
  const endsAt = row.windowStart.getTime() + windowSeconds * 1000;
  if (endsAt <= now.getTime() || row.count < limit) return null;
  return Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
}

/**
 * Failed passwords against one e-mail address slow further password attempts down instead of
 * blocking them (ASVS 5 V6.3): free tries, then a wait that doubles with each failure up to a
 * cap; a quiet day forgets them. Only failures after a passed captcha count, and e-mailed codes
 * (sign-in, reset) never wait on this, so strangers' guesses cannot lock the owner out.
 */
export const LOGIN_FAILURE_DELAY = {
  freeFailures: 5,
  firstDelaySeconds: 1,
  maxDelaySeconds: 15 * 60,
  forgetAfterSeconds: 24 * 60 * 60,
} as const;

/** Seconds a password attempt must wait after the last of `failures` failures. */
export function loginDelaySeconds(failures: number): number {
  const { freeFailures, firstDelaySeconds, maxDelaySeconds } = LOGIN_FAILURE_DELAY;
  if (failures < freeFailures) return 0;
  return Math.min(maxDelaySeconds, firstDelaySeconds * 2 ** (failures - freeFailures));
}

export type LoginAttempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Takes the next password attempt for an address, or says how long to wait. The attempt is
 * counted as a failure up front by a compare-and-set on the count, so parallel attempts cannot
 * share one slot; `forgetLoginFailures` takes it back when the password was right.
 */
export async function claimPasswordAttempt(db: Database, email: string, now: Date = new Date()): Promise<LoginAttempt> {
  const subject = email.toLowerCase();
  const [row] = await db.select().from(loginFailures).where(eq(loginFailures.email, subject));
  if (!row) {
    const inserted = await db
      .insert(loginFailures)
      .values({ email: subject, failures: 1, lastFailureAt: now })
      .onConflictDoNothing()
      .returning({ email: loginFailures.email });
    return inserted.length === 1 ? { allowed: true } : { allowed: false, retryAfterSeconds: 1 };
  }
  const quietFor = now.getTime() - row.lastFailureAt.getTime();
  const forgotten = quietFor >= LOGIN_FAILURE_DELAY.forgetAfterSeconds * 1000;
  const waitMs = forgotten ? 0 : loginDelaySeconds(row.failures) * 1000 - quietFor;
  if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) };
  const claimed = await db
    .update(loginFailures)
    .set({ failures: forgotten ? 1 : row.failures + 1, lastFailureAt: now })
    .where(and(eq(loginFailures.email, subject), eq(loginFailures.failures, row.failures)))
    .returning({ email: loginFailures.email });
  return claimed.length === 1 ? { allowed: true } : { allowed: false, retryAfterSeconds: 1 };
}

/** A right password, or a reset by e-mailed code: the address starts afresh. */
export async function forgetLoginFailures(db: Database, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email.toLowerCase()));
}

/** The longest window of RATE_LIMITS: a counter older than this and a day is of no use any more. */
const LONGEST_WINDOW_SECONDS = Math.max(...Object.values(RATE_LIMITS).map((limit) => limit.windowSeconds));

/**
 * Deletes counters whose window ended more than a day ago: their keys name e-mail addresses, IP
 * addresses and accounts, which the privacy policy promises to keep no longer (decision 041).
 */
export async function deleteStaleRateLimits(db: Database, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - (LONGEST_WINDOW_SECONDS + 24 * 60 * 60) * 1000);
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, cutoff))
    .returning({ key: rateLimits.key });
  return deleted.length;
}
