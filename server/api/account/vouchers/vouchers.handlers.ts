import type { RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import { vipForUser } from "../../../../core/billing/orders";
import { failureLimitReached, hitRateLimit, ipSubject } from "../../../../core/security/rate-limits";
import { redeemVoucher, redeemVoucherAsNewAccount, type VoucherRefusal } from "../../../../core/vouchers/vouchers";
import { requestAttribution } from "../../../attribution";
import type { AppEnv } from "../../../context";
import { captchaOk } from "../../captcha-check";
import { errorReply, ok } from "../../envelope";
import { tooSoon } from "../../rate-limited";
import type { AccountDeps } from "../account-deps";
import { localeFromReferer } from "../referer-locale";
import { existingAccountReply } from "../sessions/sessions.handlers";
import { startSession } from "../start-session";
import type * as routes from "./vouchers.routes";

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;

const REFUSAL_ERROR = { unknown: "voucherUnknown", used: "voucherUsed", expired: "voucherExpired" } as const;

/** Retry-After when the failures of this address (or account) reached their limit; only failures count. */
async function failuresBlocked(deps: AccountDeps, c: Context<AppEnv>, userId: number | null) {
  const ip = ipSubject(c.get("clientAddress"));
  const wait =
    (await failureLimitReached(deps.db, "voucherFailuresPerIp", ip)) ??
    (userId === null ? null : await failureLimitReached(deps.db, "voucherFailuresPerAccount", String(userId)));
  return wait === null ? null : tooSoon(c, wait);
}

/** A code that was unknown, used or expired counts against the address and the account, then is answered. */
async function refusalReply(deps: AccountDeps, c: Context<AppEnv>, refused: VoucherRefusal, userId: number | null) {
  await hitRateLimit(deps.db, "voucherFailuresPerIp", ipSubject(c.get("clientAddress")));
  if (userId !== null) await hitRateLimit(deps.db, "voucherFailuresPerAccount", String(userId));
  // Never the code itself: it is worth VIP time to whoever reads the log.
  c.get("logger").info({ event: "voucher_redeem", outcome: refused, userId }, "voucher refused");
  return errorReply(c, REFUSAL_ERROR[refused]);
}

export const redeemVoucherHandler =
  (deps: AccountDeps): Handler<"redeemVoucher"> =>
  async (c) => {
    c.header("Cache-Control", "no-store");
    const userId = c.get("session").user.id;
    const blocked = await failuresBlocked(deps, c, userId);
    if (blocked) return blocked;
    const country = await deps.countryOf(c.get("clientAddress"));
    const result = await redeemVoucher(deps.db, { code: c.req.valid("json").code, userId, country });
    if (!result.ok) return refusalReply(deps, c, result.refused, userId);
    c.get("logger").info({ event: "voucher_redeem", outcome: "redeemed", userId }, "voucher redeemed");
    return c.json(
      ok({ vip: await vipForUser(deps.db, userId), added: { months: result.periodMonths, days: result.periodDays } }),
      200,
    );
  };

export const redeemVoucherAnonymousHandler =
  (deps: AccountDeps): Handler<"redeemVoucherAnonymous"> =>
  async (c) => {
    const body = c.req.valid("json");
    // The anonymous sign-up's limit and captcha: this is one too.
    const limited = await deps.limited(c, "signupPerIp", ipSubject(c.get("clientAddress")));
    if (limited) return limited;
    const blocked = await failuresBlocked(deps, c, null);
    if (blocked) return blocked;
    if (!(await captchaOk(deps.captcha, c, body.recasign))) return errorReply(c, "captchaFailed");
    const pageLocale = localeFromReferer(c.req.header("referer")) ?? "en";
    const result = await redeemVoucherAsNewAccount(deps.db, {
      code: body.code,
      email: body.email,
      locale: pageLocale,
      attribution: requestAttribution(c, body.attribution),
      country: await deps.countryOf(c.get("clientAddress")),
    });
    if (!result.ok) {
      if (result.refused === "account_exists") {
        return existingAccountReply(deps, c, body.email, pageLocale, "voucher_signup");
      }
      return refusalReply(deps, c, result.refused, null);
    }
    c.get("logger").info(
      { event: "signup", outcome: "created", via: "voucher", userId: result.account.id },
      "authentication attempt",
    );
    return startSession(deps, c, result.account);
  };
