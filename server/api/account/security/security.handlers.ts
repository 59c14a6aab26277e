import type { RouteHandler } from "@hono/zod-openapi";
import { readSecurityLog } from "../../../../core/auth/security-events";
import {
  endOwnSession,
  listActiveSessions,
  recentSessions,
  revokeUserSessions,
  SESSION_LIST_LIMIT,
} from "../../../../core/auth/sessions";
import { SECURITY_LOG_DAYS } from "../../../../universal/account/security-events";
import { APPS, isBrowserApp } from "../../../../universal/apps/app-registry";
import type { AppEnv } from "../../../context";
import { errorReply, ok } from "../../envelope";
import type { AccountDeps } from "../account-deps";
import type * as routes from "./security.routes";

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], AppEnv>;

export const sessionList =
  (deps: AccountDeps): Handler<"sessionList"> =>
  async (c) => {
    const current = c.get("session");
    const active = await listActiveSessions(deps.db, current.user.id);
    const sessions = recentSessions(active, SESSION_LIST_LIMIT, current.id).map((row) => {
      const app = APPS.get(row.appType);
      const browser = !app || isBrowserApp(app);
      return {
        id: row.id,
        current: row.id === current.id,
        client: browser ? ("browser" as const) : ("app" as const),
        app_type: row.appType,
        app_name: browser ? null : (app?.product ?? null),
        platform: browser ? null : (app?.family ?? null),
        browser: row.browser,
        os: row.os,
        country: row.country,
        created_at: row.createdAt.toISOString(),
        last_seen_at: row.lastSeenAt.toISOString(),
      };
    });
    return c.json(ok({ sessions, total: active.length }), 200);
  };

export const sessionEnd =
  (deps: AccountDeps): Handler<"sessionEnd"> =>
  async (c) => {
    const { id } = c.req.valid("json");
    const current = c.get("session");
    const ended = await endOwnSession(deps.db, { userId: current.user.id, sessionId: id });
    if (!ended) return errorReply(c, "sessionNotFound");
    c.get("logger").info({ event: "session_end", userId: current.user.id, own: id === current.id }, "session ended");
    return c.json(ok({ ended: true as const }), 200);
  };

export const sessionEndOthers =
  (deps: AccountDeps): Handler<"sessionEndOthers"> =>
  async (c) => {
    const current = c.get("session");
    const others = (await listActiveSessions(deps.db, current.user.id)).filter((row) => row.id !== current.id);
    await revokeUserSessions(deps.db, current.user.id, "logout_all", { exceptSessionId: current.id });
    c.get("logger").info(
      { event: "session_end_others", userId: current.user.id, ended: others.length },
      "sessions ended",
    );
    return c.json(ok({ ended: others.length }), 200);
  };

export const securityLog =
  (deps: AccountDeps): Handler<"securityLog"> =>
  async (c) => {
    const log = await readSecurityLog(deps.db, c.get("session").user.id);
    return c.json(
      ok({
        days: SECURITY_LOG_DAYS,
        sign_ins: log.signIns,
        events: log.events.map((event) => ({
          kind: event.kind,
          at: event.at.toISOString(),
          country: event.country,
          app_type: event.appType,
        })),
      }),
      200,
    );
  };
