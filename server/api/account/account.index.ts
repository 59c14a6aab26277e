import { isIP } from "node:net";
import { OpenAPIHono } from "@hono/zod-openapi";
import { and, eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import {
  type Account,
  createPasswordlessAccount,
  findAccountByEmail,
  findAccountById,
  updatePassword,
} from "../../../core/auth/accounts";
import { verifyPassword } from "../../../core/auth/hash-password";
import { isCommonPassword } from "../../../core/auth/password-policy";
import { resetPassword } from "../../../core/auth/reset-password";
import { createSession, revokeSession, revokeUserSessions } from "../../../core/auth/sessions";
import { setFirstPassword } from "../../../core/auth/set-first-password";
import { signIn } from "../../../core/auth/sign-in";
import {
  CODE_LIFETIME_MS,
  exchangeCodeForTicket,
  issueVerificationCode,
  type Purpose,
  TICKET_LIFETIME_MS,
} from "../../../core/auth/verification";
import { deviceLimitForUser, subscriptionsOfUser, vipForUser } from "../../../core/billing/orders";
import type { ProcessorSet } from "../../../core/billing/providers/processors";
import { cancelRenewal } from "../../../core/billing/renewal-change";
import { resumeRenewal } from "../../../core/billing/resume-renewal";
import { queueMail } from "../../../core/email/outbox";
import { verificationCodeMail } from "../../../core/email/templates";
import { ipSubject } from "../../../core/security/rate-limits";
import { boundIps, devices, plans, users } from "../../../db/schema";
import { APPS, isBrowserApp } from "../../../universal/apps/app-registry";
import { isPublicAddress } from "../../../universal/net/ip-address";
import { requestAttribution } from "../../attribution";
import type { AppDeps, AppEnv } from "../../context";
import { accountError, clearSessionCookie, requireSession, setSessionCookie } from "../../middleware/session";
import { ErrorCode, failure, ok } from "../envelope";
import { rateLimiter, tooSoon } from "../rate-limited";
import * as routes from "./account.routes";
import { localeFromReferer } from "./referer-locale";

/** Devices an account without a paid plan may bind; a plan's own limit applies once paid for. */
const DEFAULT_DEVICE_LIMIT = 5;

export function accountRouter(deps: AppDeps & { payments: ProcessorSet }) {
  const db = deps.database.db;
  const https = deps.config.PUBLIC_ORIGIN?.startsWith("https:") ?? false;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: deps.validationHook });

  const limited = rateLimiter(db);

  const captchaOk = async (c: Context<AppEnv>, token: string) => {
    if (!deps.captcha) return true;
    const variant = c.req.path.startsWith("/ws/mm/reca/r2/") ? "r2" : "r3";
    return deps.captcha.verify(token, { ip: c.get("clientAddress"), variant });
  };

  const userData = async (account: Account) => ({
    user_id: account.id,
    email: account.email,
    is_password_set: account.passwordHash !== null,
    is_email_verified: account.emailVerifiedAt !== null,
    vip: await vipForUser(db, account.id),
  });

  /** A new session: apps get the token in the body, the website only in the HttpOnly cookie. */
  const startSession = async (c: Context<AppEnv>, account: Account) => {
    const appInfo = c.get("app");
    const { token } = await createSession(db, { userId: account.id, appType: appInfo.id });
    if (isBrowserApp(appInfo)) {
      setSessionCookie(c, https, token);
      return c.json(ok(await userData(account)), 200);
    }
    return c.json(ok({ ...(await userData(account)), token }), 200);
  };

  const sendCode = async (email: string, purpose: Purpose, locale: string) => {
    const code = await issueVerificationCode(db, { email, purpose });
    await queueMail(db, { to: email, ...verificationCodeMail({ locale, purpose, email, code }) });
    deps.onMailQueued?.();
  };

  const requestLocale = (c: Context<AppEnv>) => {
    return localeFromReferer(c.req.header("referer")) ?? "en";
  };

  /** The processor that holds a subscription, in this process's payment mode. */
  const processorFor = (name: string) => deps.payments.byName(name);

  const session = requireSession(db, https);
  for (const path of [
    routes.logout.path,
    routes.setPassword.path,
    routes.changePassword.path,
    routes.profile.path,
    routes.subscriptionMy.path,
    routes.subscriptionCancel.path,
    routes.subscriptionResume.path,
    routes.userIpQuery.path,
    routes.userIpBind.path,
    routes.userIpRemove.path,
    routes.deviceList.path,
    routes.deviceBind.path,
    routes.deviceUnbind.path,
  ]) {
    app.use(path, session);
  }

  // Captcha-protected calls are also served under /ws/mm/reca/r2/... and /ws/mm/reca/r3/... (SPEC §7).
  const withCaptchaPrefixes = <R extends { path: string }>(route: R): R[] => [
    route,
    { ...route, path: route.path.replace("/api/mms/", "/ws/mm/reca/r2/") },
    { ...route, path: route.path.replace("/api/mms/", "/ws/mm/reca/r3/") },
  ];

  for (const route of withCaptchaPrefixes(routes.login))
    app.openapi(route, async (c) => {
      const body = c.req.valid("json");
      const blocked = await limited(c, "loginPerIp", ipSubject(c.get("clientAddress")));
      if (blocked) return blocked;
      // The captcha comes first: only attempts that passed it reach the account's failure count.
      if (!(await captchaOk(c, body.recasign))) return accountError(c, "captchaFailed");
      const result = await signIn(db, { email: body.email, password: body.password, code: body.code });
      const method = body.code !== undefined ? "code" : "password";
      if (!result.ok) {
        c.get("logger").info(
          { event: "login", outcome: result.reason, method, ip: c.get("clientAddress") },
          "authentication attempt",
        );
        if (result.reason === "wait") return tooSoon(c, result.retryAfterSeconds);
        return accountError(c, result.reason === "wrong_code" ? "codeInvalid" : "wrongCredentials");
      }
      c.get("logger").info(
        { event: "login", outcome: "success", method, userId: result.account.id, app: c.get("app").id },
        "authentication attempt",
      );
      return startSession(c, result.account);
    });

  for (const route of withCaptchaPrefixes(routes.anonymousSignup))
    app.openapi(route, async (c) => {
      const body = c.req.valid("json");
      const blocked = await limited(c, "signupPerIp", ipSubject(c.get("clientAddress")));
      if (blocked) return blocked;
      if (!(await captchaOk(c, body.recasign))) return accountError(c, "captchaFailed");
      const account = await createPasswordlessAccount(
        db,
        body.email,
        requestLocale(c),
        requestAttribution(c, body.attribution),
      );
      if (!account) {
        // Never hand out an existing account's session: its owner proves it with a code.
        const mailBlocked =
          (await limited(c, "codeRequestPerEmailMinute", `login:${body.email}`)) ??
          (await limited(c, "codeRequestPerEmailDay", body.email));
        if (!mailBlocked) {
          const existing = await findAccountByEmail(db, body.email);
          await sendCode(body.email, "login", existing?.locale ?? requestLocale(c));
        }
        c.get("logger").info({ event: "signup", outcome: "existing_account" }, "authentication attempt");
        return accountError(c, "accountExists", { next: "login_code" });
      }
      c.get("logger").info({ event: "signup", outcome: "created", userId: account.id }, "authentication attempt");
      return startSession(c, account);
    });

  app.openapi(routes.logout, async (c) => {
    const current = c.get("session");
    await revokeSession(db, current.id, "logout");
    if (current.via === "cookie") clearSessionCookie(c, https);
    return c.json(ok(null), 200);
  });

  for (const route of withCaptchaPrefixes(routes.verificationRequest))
    app.openapi(route, async (c) => {
      const { email, purpose, recasign } = c.req.valid("json");
      const blocked = await limited(c, "codeRequestPerIp", ipSubject(c.get("clientAddress")));
      if (blocked) return blocked;
      if (!(await captchaOk(c, recasign))) return accountError(c, "captchaFailed");
      const mailBlocked =
        (await limited(c, "codeRequestPerEmailMinute", `${purpose}:${email}`)) ??
        (await limited(c, "codeRequestPerEmailDay", email));
      if (mailBlocked) return mailBlocked;
      const account = await findAccountByEmail(db, email);
      // Same answer whether or not the address has an account; only real accounts get mail.
      if (account) await sendCode(account.email, purpose, account.locale);
      c.get("logger").info({ event: "code_request", purpose, known: Boolean(account) }, "authentication attempt");
      return c.json(ok({ sent: true as const, expires_in: CODE_LIFETIME_MS / 1000 }), 200);
    });

  app.openapi(routes.verificationValidate, async (c) => {
    const { email, purpose, code } = c.req.valid("json");
    const blocked = await limited(c, "codeCheckPerIp", ipSubject(c.get("clientAddress")));
    if (blocked) return blocked;
    const exchanged = await exchangeCodeForTicket(db, { email, purpose, code });
    if (!exchanged.ok) return accountError(c, "codeInvalid");
    return c.json(ok({ ticket: exchanged.ticket, expires_in: TICKET_LIFETIME_MS / 1000 }), 200);
  });

  app.openapi(routes.setPassword, async (c) => {
    const { password, code, ticket } = c.req.valid("json");
    const current = c.get("session");
    const blocked = await limited(c, "passwordChangePerAccount", String(current.user.id));
    if (blocked) return blocked;
    if (isCommonPassword(password)) return commonPassword(c, "password");
    const result = await setFirstPassword(db, {
      userId: current.user.id,
      sessionId: current.id,
      password,
      code,
      ticket,
    });
    if (!result.ok) {
      if (result.reason === "no_account") return accountError(c, "unknownToken");
      if (result.reason === "already_set") return accountError(c, "passwordAlreadySet");
      if (result.reason === "code_required") {
        return accountError(c, "codeRequired", { fields: { code: "code.required" } });
      }
      return accountError(c, "codeInvalid", { fields: { code: "api.40103" } });
    }
    c.get("logger").info({ event: "password_set", userId: result.account.id }, "authentication attempt");
    return c.json(ok(await userData(result.account)), 200);
  });

  app.openapi(routes.changePassword, async (c) => {
    const body = c.req.valid("json");
    const current = c.get("session");
    const blocked = await limited(c, "passwordChangePerAccount", String(current.user.id));
    if (blocked) return blocked;
    if (isCommonPassword(body.new_password)) return commonPassword(c, "new_password");
    const account = await findAccountById(db, current.user.id);
    if (!account?.passwordHash || !(await verifyPassword(account.passwordHash, body.old_password))) {
      return accountError(c, "oldPasswordWrong", { fields: { old_password: "password.wrong" } });
    }
    await updatePassword(db, account.id, body.new_password);
    await revokeUserSessions(db, account.id, "password_change", { exceptSessionId: current.id });
    c.get("logger").info({ event: "password_change", userId: account.id }, "authentication attempt");
    return c.json(ok(await userData(account)), 200);
  });

  app.openapi(routes.resetPassword, async (c) => {
    const body = c.req.valid("json");
    const blocked = await limited(c, "codeCheckPerIp", ipSubject(c.get("clientAddress")));
    if (blocked) return blocked;
    if (isCommonPassword(body.password)) return commonPassword(c, "password");
    const result = await resetPassword(db, body);
    if (!result.ok) return accountError(c, "codeInvalid");
    c.get("logger").info({ event: "password_reset", userId: result.userId }, "authentication attempt");
    return c.json(ok({ reset: true as const }), 200);
  });

  app.openapi(routes.profile, async (c) => {
    const account = await findAccountById(db, c.get("session").user.id);
    if (!account) return accountError(c, "unknownToken");
    return c.json(ok({ ...(await userData(account)), created_at: account.createdAt.toISOString() }), 200);
  });

  app.openapi(routes.subscriptionMy, async (c) => {
    const rows = await subscriptionsOfUser(db, c.get("session").user.id);
    // The plan's length, so pages name it ("1 year") instead of showing its id.
    const months = new Map(
      (await db.select({ id: plans.id, months: plans.months }).from(plans)).map((p) => [p.id, p.months]),
    );
    return c.json(
      ok({
        subscriptions: rows.map((row) => ({
          id: row.id,
          plan_id: row.planId,
          plan_months: months.get(row.planId) ?? null,
          status: row.status,
          provider: row.provider,
          started_at: row.startedAt?.toISOString() ?? null,
          renews_at: row.autoRenew && row.status !== "expired" ? (row.currentPeriodEnd?.toISOString() ?? null) : null,
          expires_at: row.currentPeriodEnd?.toISOString() ?? null,
          auto_renew: row.autoRenew,
        })),
      }),
      200,
    );
  });

  app.openapi(routes.subscriptionCancel, async (c) => {
    const { id } = c.req.valid("json");
    const result = await cancelRenewal({ db, processorFor }, { userId: c.get("session").user.id, subscriptionId: id });
    if (!result.ok) {
      if (result.reason === "not_found") return c.json(failure(40400, "no such subscription"), 404 as 400);
      // Nothing was changed here: the card would still be charged, so the customer must not read "canceled".
      c.get("logger").error({ err: result.error, reason: result.reason }, "renewal could not be turned off");
      return c.json(failure(40121, "the payment provider could not turn renewal off; nothing was changed"), 400);
    }
    const { subscription } = result;
    return c.json(
      ok({
        id,
        status: subscription.status,
        auto_renew: subscription.autoRenew,
        expires_at: subscription.currentPeriodEnd?.toISOString() ?? null,
      }),
      200,
    );
  });

  // --- Automatic renewal back on (issue 14) ---
  app.openapi(routes.subscriptionResume, async (c) => {
    const result = await resumeRenewal(
      { db, processorFor },
      { userId: c.get("session").user.id, subscriptionId: c.req.valid("json").id },
    );
    if (!result.ok) {
      if (result.reason === "not_found") return c.json(failure(40400, "no such subscription"), 404 as 400);
      if (result.reason === "not_allowed") {
        return c.json(failure(40123, "renewal is on already, or the paid period is over"), 400);
      }
      c.get("logger").error({ err: result.error, reason: result.reason }, "renewal could not be turned back on");
      return c.json(failure(40121, "the payment provider could not turn renewal back on"), 400);
    }
    const { subscription } = result;
    return c.json(
      ok({
        id: subscription.id,
        status: subscription.status,
        auto_renew: subscription.autoRenew,
        expires_at: subscription.currentPeriodEnd?.toISOString() ?? null,
      }),
      200,
    );
  });
  // --- end of automatic renewal back on ---

  app.openapi(routes.userIpQuery, async (c) => {
    const [row] = await db
      .select()
      .from(boundIps)
      .where(eq(boundIps.userId, c.get("session").user.id));
    return c.json(
      ok({
        bound_ip: row?.ip ?? null,
        bound_at: row?.boundAt.toISOString() ?? null,
        current_ip: c.get("clientAddress"),
      }),
      200,
    );
  });

  app.openapi(routes.userIpBind, async (c) => {
    const { ip } = c.req.valid("json");
    const address = ip.trim();
    if (!isIP(address) || !isPublicAddress(address))
      return accountError(c, "notPublicIp", { fields: { ip: "ip.public" } });
    const userId = c.get("session").user.id;
    const boundAt = new Date();
    await db
      .insert(boundIps)
      .values({ userId, ip: address, boundAt })
      .onConflictDoUpdate({ target: boundIps.userId, set: { ip: address, boundAt } });
    return c.json(ok({ bound_ip: address, bound_at: boundAt.toISOString() }), 200);
  });

  app.openapi(routes.userIpRemove, async (c) => {
    await db.delete(boundIps).where(eq(boundIps.userId, c.get("session").user.id));
    return c.json(ok({ bound_ip: null }), 200);
  });

  const deviceView = (row: typeof devices.$inferSelect) => {
    const info = APPS.get(row.appType);
    return {
      app_type: row.appType,
      app_name: info?.product ?? String(row.appType),
      platform: info?.family ?? "unknown",
      user_id: row.userId,
      device_id: row.deviceId,
      device_name: row.deviceName,
      last_seen: row.lastSeenAt.toISOString(),
    };
  };

  app.openapi(routes.deviceList, async (c) => {
    const rows = await db
      .select()
      .from(devices)
      .where(eq(devices.userId, c.get("session").user.id))
      .orderBy(devices.id);
    const limit = await deviceLimitForUser(db, c.get("session").user.id, DEFAULT_DEVICE_LIMIT);
    return c.json(ok({ devices: rows.map(deviceView), limit }), 200);
  });

  app.openapi(routes.deviceBind, async (c) => {
    const body = c.req.valid("json");
    const userId = c.get("session").user.id;
    const appType = c.get("app").id;
    const limit = await deviceLimitForUser(db, userId, DEFAULT_DEVICE_LIMIT);
    // One transaction, counting under a lock on the user row, so two devices cannot both take the last place.
    const result = await db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${users} where id = ${userId} for update`);
      const existing = await tx
        .select()
        .from(devices)
        .where(and(eq(devices.userId, userId), eq(devices.appType, appType), eq(devices.deviceId, body.device_id)));
      if (existing[0]) {
        const [row] = await tx
          .update(devices)
          .set({ lastSeenAt: new Date(), deviceName: body.device_name })
          .where(eq(devices.id, existing[0].id))
          .returning();
        return row;
      }
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(devices)
        .where(eq(devices.userId, userId));
      if (count >= limit) return null;
      const [row] = await tx
        .insert(devices)
        .values({ userId, appType, deviceId: body.device_id, deviceName: body.device_name })
        .returning();
      return row;
    });
    if (!result) return accountError(c, "deviceLimitReached", { limit });
    return c.json(ok(deviceView(result)), 200);
  });

  app.openapi(routes.deviceUnbind, async (c) => {
    const body = c.req.valid("json");
    const userId = c.get("session").user.id;
    // A user unbinds only their own devices, whatever unbind_user_id says.
    if (body.unbind_user_id !== userId) return accountError(c, "deviceNotFound");
    const conditions = [eq(devices.userId, userId), eq(devices.appType, body.unbind_app_type)];
    if (body.device_id) conditions.push(eq(devices.deviceId, body.device_id));
    const removed = await db
      .delete(devices)
      .where(and(...conditions))
      .returning({ id: devices.id });
    if (removed.length === 0) return accountError(c, "deviceNotFound");
    return c.json(ok({ removed: removed.length }), 200);
  });

  app.openapi(routes.geoInfo, async (c) => {
    const address = c.get("clientAddress");
    const record = (await deps.geo?.())?.lookup(address);
    c.header("Cache-Control", "private, no-store");
    return c.json(
      ok({ user_ip: address, country: record?.country ?? "", country_code: record?.countryCode ?? "" }),
      200,
    );
  });

  app.openapi(routes.captchaChallenge, async (c) => {
    c.header("Cache-Control", "no-store");
    const provider = deps.captcha?.provider ?? "none";
    return c.json(ok({ provider, ...((await deps.captcha?.clientConfig()) ?? {}) }), 200);
  });

  return app;
}

function commonPassword(c: Context<AppEnv>, field: string) {
  return c.json(failure(ErrorCode.validation, "invalid request", { fields: { [field]: "password.common" } }), 400);
}
