import type { MiddlewareHandler } from "hono";
import { type RelyingParty, relyingParty } from "../../../core/auth/two-factor/passkeys";
import type { ProcessorSet } from "../../../core/billing/providers/processors";
import type { CaptchaVerifier } from "../../../core/captcha/captcha";
import type { InviteSettings } from "../../../core/invites/invite-rules";
import { type AddressPool, addressPool } from "../../../core/wireguard/addresses";
import type { Database } from "../../../db/client";
import { BRAND } from "../../../universal/brand/brand";
import { CLAIMS } from "../../../universal/claims/claims";
import type { AppDeps, AppEnv } from "../../context";
import { inviteSettings } from "../../invite-scheduler";
import { requireSession } from "../../middleware/session";
import { rateLimiter } from "../rate-limited";

/** What the account API's handlers reach: built once in createApi, passed to each resource's router. */
export interface AccountDeps {
  db: Database;
  /** Session cookies are `__Host-` and Secure when the public origin is https. */
  https: boolean;
  captcha?: CaptchaVerifier;
  /** The processors that turn a subscription's renewal off and on. */
  payments: ProcessorSet;
  /** Counts a hit against a rate limit; the 42900 answer, or null to go on. */
  limited: ReturnType<typeof rateLimiter>;
  /** 401/50008/50012/50014 without a usable session; sets `session` otherwise. */
  requireSession: MiddlewareHandler<AppEnv>;
  onMailQueued?: () => void;
  validationHook: AppDeps["validationHook"];
  /** ISO country of a client address from our own geo lookup (server/ip-lookup.ts); null when unknown. */
  countryOf: (address: string) => Promise<string | null>;
  /** The site's origin for links in mails (PUBLIC_ORIGIN, else the request's). */
  siteOrigin: (requestUrl: string) => string;
  /** Days after a first purchase in which its buyer refunds it from the account; null: off. */
  refundWindowDays: number | null;
  /** Whose passkeys: PUBLIC_ORIGIN's host name (never a request's Host); null without one. */
  passkeyRp: RelyingParty | null;
  /** Where manual WireGuard keys get their tunnel addresses (WIREGUARD_IPV4_RANGE, WIREGUARD_IPV6_RANGE). */
  wireguardPool: AddressPool;
  /** ACCOUNT_NUMBERS=on: the HMAC key of the numbers (decision 042); null when the setting is off. */
  accountNumbers: { secret: string } | null;
  /** What an invite earns (decision 047): shown with the account's invite link. */
  invites: InviteSettings;
  /** SUPPORT_EMAIL: the Reply-To of support's replies from the console (decision 053). */
  supportEmail: string;
}

export function accountDeps(deps: AppDeps & { payments: ProcessorSet }): AccountDeps {
  const db = deps.database.db;
  const https = deps.config.PUBLIC_ORIGIN?.startsWith("https:") ?? false;
  return {
    db,
    https,
    captcha: deps.captcha,
    payments: deps.payments,
    limited: rateLimiter(db),
    requireSession: requireSession(db, https),
    onMailQueued: deps.onMailQueued,
    validationHook: deps.validationHook,
    countryOf: async (address) => {
      const answer = await deps.ipLookup?.describe(address);
      return answer?.status === "ok" ? answer.record.countryCode || null : null;
    },
    siteOrigin: (requestUrl) => deps.config.PUBLIC_ORIGIN ?? new URL(requestUrl).origin,
    // The promise the copy makes is the one the account keeps (decision 035).
    refundWindowDays: deps.refundWindowDays !== undefined ? deps.refundWindowDays : CLAIMS.moneyBackDays,
    passkeyRp: relyingParty(deps.config.PUBLIC_ORIGIN, BRAND.name),
    wireguardPool: addressPool(deps.config.WIREGUARD_IPV4_RANGE, deps.config.WIREGUARD_IPV6_RANGE),
    accountNumbers:
      deps.config.ACCOUNT_NUMBERS === "on" && deps.config.ACCOUNT_NUMBER_SECRET
        ? { secret: deps.config.ACCOUNT_NUMBER_SECRET }
        : null,
    invites: inviteSettings(deps.config),
    supportEmail: deps.config.SUPPORT_EMAIL,
  };
}
