import type { RouteHandler } from "@hono/zod-openapi";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { findAccountById } from "../../../../core/auth/accounts";
import { readPendingSignIn } from "../../../../core/auth/two-factor/challenges";
import {
  addPasskey as addOnePasskey,
  enableTotp as enableAuthenticator,
  removeOnePasskey,
} from "../../../../core/auth/two-factor/enrol";
import {
  passkeyRegistrationOptions as creationOptions,
  passkeySignInOptions,
  renamePasskey as renameOnePasskey,
} from "../../../../core/auth/two-factor/passkeys";
import { signedInRecently } from "../../../../core/auth/two-factor/recent-sign-in";
import { replaceRecoveryCodes } from "../../../../core/auth/two-factor/recovery-codes";
import {
  confirmIdentity,
  finishWithCode,
  finishWithPasskey,
  type StepResult,
} from "../../../../core/auth/two-factor/second-step";
import { startTotpEnrolment, totpUri } from "../../../../core/auth/two-factor/totp";
import { turnOffTwoFactor, twoFactorStatus } from "../../../../core/auth/two-factor/two-factor";
import { describeUserAgent } from "../../../../core/auth/user-agent";
import { ipSubject } from "../../../../core/security/rate-limits";
import { BRAND } from "../../../../universal/brand/brand";
import type { AppEnv } from "../../../context";
import { errorReply, ok } from "../../envelope";
import { tooSoon } from "../../rate-limited";
import type { AccountDeps } from "../account-deps";
import { startSession } from "../start-session";
import { twoFactorChanged } from "./security-events";
import type * as routes from "./two-factor.routes";

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;
type Ctx = Parameters<Handler<"status">>[0];

/** The session starts only once the second step passed; a refusal says which way it failed. */
async function afterStep(deps: AccountDeps, c: Parameters<Handler<"passkeyLogin">>[0], result: StepResult) {
  c.get("logger").info(
    {
      event: "login",
      step: "second_factor",
      outcome: result.ok ? "success" : result.reason,
      ip: c.get("clientAddress"),
    },
    "authentication attempt",
  );
  if (!result.ok) {
    if (result.reason === "wait") return tooSoon(c, result.retryAfterSeconds);
    return errorReply(c, result.reason === "expired" ? "signInStepExpired" : "passkeyRefused");
  }
  if (result.used === "recovery_code") await twoFactorChanged(deps, c, result.userId, "recovery_code_used");
  const account = await findAccountById(deps.db, result.userId);
  if (!account) return errorReply(c, "signInStepExpired");
  return startSession(deps, c, account);
}

export const secondFactorLogin =
  (deps: AccountDeps): Handler<"secondFactorLogin"> =>
  async (c) => {
    const body = c.req.valid("json");
    const result = await finishWithCode(deps.db, {
      pendingToken: body.pending_token,
      totpCode: body.code,
      recoveryCode: body.recovery_code,
      client: ipSubject(c.get("clientAddress")),
    });
    if (!result.ok && result.reason === "wrong") {
      c.get("logger").info({ event: "login", step: "second_factor", outcome: "wrong" }, "authentication attempt");
      return errorReply(c, "secondFactorInvalid");
    }
    return afterStep(deps, c as never, result) as never;
  };

export const passkeyOptions =
  (deps: AccountDeps): Handler<"passkeyOptions"> =>
  async (c) => {
    if (!deps.passkeyRp) return errorReply(c, "passkeysUnavailable");
    const { pending_token } = c.req.valid("json");
    const pending = pending_token ? await readPendingSignIn(deps.db, pending_token) : null;
    if (pending_token && !pending) return errorReply(c, "signInStepExpired");
    const options = await passkeySignInOptions(deps.db, deps.passkeyRp, pending?.userId ?? null);
    return c.json(ok({ options: options as unknown as Record<string, unknown> }), 200);
  };

export const passkeyLogin =
  (deps: AccountDeps): Handler<"passkeyLogin"> =>
  async (c) => {
    if (!deps.passkeyRp) return errorReply(c, "passkeysUnavailable");
    const body = c.req.valid("json");
    const result = await finishWithPasskey(deps.db, deps.passkeyRp, {
      response: body.response as unknown as AuthenticationResponseJSON,
      pendingToken: body.pending_token,
      client: ipSubject(c.get("clientAddress")),
    });
    return afterStep(deps, c, result);
  };

export const status =
  (deps: AccountDeps): Handler<"status"> =>
  async (c) => {
    const session = c.get("session");
    const found = await twoFactorStatus(deps.db, session.user.id);
    return c.json(
      ok({
        enabled: found.enabled,
        totp: found.totpEnabledAt !== null,
        passkeys: found.passkeys.map((key) => ({
          id: key.id,
          name: key.name,
          created_at: key.createdAt.toISOString(),
          last_used_at: key.lastUsedAt?.toISOString() ?? null,
        })),
        recovery_codes_left: found.recoveryCodesLeft,
        passkeys_available: deps.passkeyRp !== null,
        recent_sign_in: await signedInRecently(deps.db, session.id),
      }),
      200,
    );
  };

export const confirm =
  (deps: AccountDeps): Handler<"confirm"> =>
  async (c) => {
    const body = c.req.valid("json");
    const { id, user } = c.get("session");
    const result = await confirmIdentity(deps.db, {
      sessionId: id,
      userId: user.id,
      email: user.email,
      password: body.code === undefined ? body.password : undefined,
      code: body.code,
    });
    if (result.ok) return c.json(ok(null), 200);
    if (result.reason === "wait") return tooSoon(c, result.retryAfterSeconds);
    return errorReply(c, result.reason === "wrong_code" ? "codeInvalid" : "wrongCredentials");
  };

/** Changes need a sign-in or a confirmation in the last 10 minutes: else 40163, and the page asks again. */
const recent = async (deps: AccountDeps, c: Ctx) => signedInRecently(deps.db, c.get("session").id);

export const startTotp =
  (deps: AccountDeps): Handler<"startTotp"> =>
  async (c) => {
    if (!(await recent(deps, c))) return errorReply(c, "recentSignInRequired");
    const { user } = c.get("session");
    const secret = await startTotpEnrolment(deps.db, user.id);
    if (!secret) return errorReply(c, "totpNotPending");
    const account = user.email ?? `${BRAND.name} ${user.id}`;
    return c.json(ok({ secret, uri: totpUri({ secret, issuer: BRAND.name, account }) }), 200);
  };

export const enableTotp =
  (deps: AccountDeps): Handler<"enableTotp"> =>
  async (c) => {
    if (!(await recent(deps, c))) return errorReply(c, "recentSignInRequired");
    const userId = c.get("session").user.id;
    const result = await enableAuthenticator(deps.db, userId, c.req.valid("json").code);
    if (!result.ok) return errorReply(c, "secondFactorInvalid");
    await twoFactorChanged(deps, c, userId, "totp_enabled");
    return c.json(ok({ recovery_codes: result.recoveryCodes }), 200);
  };

export const passkeyRegistrationOptions =
  (deps: AccountDeps): Handler<"passkeyRegistrationOptions"> =>
  async (c) => {
    if (!deps.passkeyRp) return errorReply(c, "passkeysUnavailable");
    if (!(await recent(deps, c))) return errorReply(c, "recentSignInRequired");
    const { user } = c.get("session");
    const options = await creationOptions(deps.db, deps.passkeyRp, user);
    return c.json(ok({ options: options as unknown as Record<string, unknown> }), 200);
  };

export const addPasskey =
  (deps: AccountDeps): Handler<"addPasskey"> =>
  async (c) => {
    if (!deps.passkeyRp) return errorReply(c, "passkeysUnavailable");
    if (!(await recent(deps, c))) return errorReply(c, "recentSignInRequired");
    const userId = c.get("session").user.id;
    const body = c.req.valid("json");
    const response = body.response as unknown as RegistrationResponseJSON;
    const name = body.name?.trim() || defaultPasskeyName(c.req.header("user-agent"));
    const result = await addOnePasskey(deps.db, deps.passkeyRp, userId, response, new Date(), name);
    if (!result.ok) return errorReply(c, "passkeyRefused");
    await twoFactorChanged(deps, c, userId, "passkey_added");
    return c.json(ok({ recovery_codes: result.recoveryCodes }), 200);
  };

export const removePasskey =
  (deps: AccountDeps): Handler<"removePasskey"> =>
  async (c) => {
    if (!(await recent(deps, c))) return errorReply(c, "recentSignInRequired");
    const userId = c.get("session").user.id;
    if (!(await removeOnePasskey(deps.db, userId, c.req.valid("json").id))) return errorReply(c, "notFound");
    await twoFactorChanged(deps, c, userId, "passkey_removed");
    return c.json(ok(null), 200);
  };

export const renamePasskey =
  (deps: AccountDeps): Handler<"renamePasskey"> =>
  async (c) => {
    const body = c.req.valid("json");
    const renamed = await renameOnePasskey(deps.db, c.get("session").user.id, body.id, body.name);
    return renamed ? c.json(ok(null), 200) : errorReply(c, "notFound");
  };

/** "Chrome on Android": the browser and system a passkey is added on, from the names the session list shows. */
function defaultPasskeyName(userAgent: string | undefined): string | null {
  const { browser, os } = describeUserAgent(userAgent);
  if (browser && os) return `${browser} · ${os}`;
  return browser ?? os ?? null;
}

export const newRecoveryCodes =
  (deps: AccountDeps): Handler<"newRecoveryCodes"> =>
  async (c) => {
    if (!(await recent(deps, c))) return errorReply(c, "recentSignInRequired");
    const userId = c.get("session").user.id;
    if (!(await twoFactorStatus(deps.db, userId)).enabled) return errorReply(c, "notFound");
    const codes = await replaceRecoveryCodes(deps.db, userId);
    await twoFactorChanged(deps, c, userId, "recovery_codes_replaced");
    return c.json(ok({ recovery_codes: codes }), 200);
  };

export const turnOff =
  (deps: AccountDeps): Handler<"turnOff"> =>
  async (c) => {
    if (!(await recent(deps, c))) return errorReply(c, "recentSignInRequired");
    const userId = c.get("session").user.id;
    await turnOffTwoFactor(deps.db, userId);
    await twoFactorChanged(deps, c, userId, "two_factor_off");
    return c.json(ok(null), 200);
  };
