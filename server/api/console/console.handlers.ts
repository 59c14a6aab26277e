import type { RouteHandler } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { failureLimitReached, hitRateLimit } from "../../../core/security/rate-limits";
import {
  customerDetail,
  staffCancelRenewal,
  staffDisableAccount,
  staffEnableAccount,
  staffEndSessions,
  staffRemoveDevice,
} from "../../../core/staff/customers";
import { dashboardCsv as dashboardCsvOf, dashboard as dashboardOf } from "../../../core/staff/dashboard";
import { searchOrders } from "../../../core/staff/order-search";
import { staffRefund } from "../../../core/staff/refund-order";
import {
  acceptInvitation,
  changeStaffRole,
  inviteSchema,
  inviteStaff,
  listAudit,
  listStaff,
  removeStaff,
  staffStanding,
} from "../../../core/staff/staff";
import { listReports, openReport, replyToReport, setReportStatus } from "../../../core/support/inbox";
import { localizePath } from "../../../universal/i18n/locales";
import { parseDashboardRange, utcDay } from "../../../universal/staff/dashboard-range";
import { ROLE_RIGHTS, roleCan, type StaffRight } from "../../../universal/staff/roles";
import type { AppEnv } from "../../context";
import type { AccountDeps } from "../account/account-deps";
import { errorReply, ok } from "../envelope";
import { tooSoon } from "../rate-limited";
import type * as routes from "./console.routes";

type Handler<R extends keyof typeof routes> = RouteHandler<Extract<(typeof routes)[R], { method: string }>, AppEnv>;

/**
 * The console's guard, after requireSession: staff only (40250), with a second factor in force
 * (40252), and with the route's right (40251). Checked on every call, so a role change or a
 * removal takes effect at once.
 */
export function requireStaff(deps: AccountDeps, right: StaffRight | null): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const standing = await staffStanding(deps.db, c.get("session").user.id);
    if (!standing) return errorReply(c, "staffOnly");
    if (!standing.twoFactor) return errorReply(c, "staffTwoFactorRequired");
    if (right && !roleCan(standing.role, right)) return errorReply(c, "staffRightMissing");
    await next();
  };
}

const actorOf = (c: Context<AppEnv>) => ({ kind: "staff" as const, userId: c.get("session").user.id });

export function consoleHandlers(deps: AccountDeps) {
  const db = deps.db;

  const me: Handler<"me"> = async (c) => {
    c.header("Cache-Control", "no-store");
    const { user } = c.get("session");
    const standing = await staffStanding(db, user.id);
    if (!standing) return errorReply(c, "staffOnly");
    return c.json(
      ok({
        user_id: user.id,
        email: user.email,
        role: standing.role,
        rights: [...ROLE_RIGHTS[standing.role]],
        two_factor: standing.twoFactor,
      }),
      200,
    );
  };

  const staff: Handler<"listStaff"> = async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(ok({ staff: await listStaff(db) }), 200);
  };

  const invite: Handler<"inviteStaff"> = async (c) => {
    const body = c.req.valid("json");
    const parsed = inviteSchema.safeParse(body);
    if (!parsed.success) return errorReply(c, "validation", { fields: { email: "email.invalid" } });
    const limited = await deps.limited(c, "staffInvitePerAccount", String(c.get("session").user.id));
    if (limited) return limited;
    const origin = deps.siteOrigin(c.req.url);
    const invitation = await inviteStaff(
      db,
      {
        ...parsed.data,
        locale: body.locale,
        acceptUrl: (token) => `${origin}${localizePath("/operator", body.locale)}?invite=${encodeURIComponent(token)}`,
      },
      actorOf(c),
    );
    deps.onMailQueued?.();
    c.get("logger").info(
      { event: "staff_invited", invitation: invitation.id, role: parsed.data.role },
      "staff invited",
    );
    return c.json(ok({ invitation_id: invitation.id, expires_at: invitation.expiresAt.toISOString() }), 200);
  };

  const role: Handler<"changeRole"> = async (c) => {
    const body = c.req.valid("json");
    const result = await changeStaffRole(db, { userId: body.user_id, role: body.role }, actorOf(c));
    if (!result.ok) return errorReply(c, result.reason === "not_found" ? "staffNotFound" : "staffLastOwner");
    return c.json(ok({ staff: await listStaff(db) }), 200);
  };

  const remove: Handler<"removeStaff"> = async (c) => {
    const result = await removeStaff(db, c.req.valid("json").user_id, actorOf(c));
    if (!result.ok) return errorReply(c, result.reason === "not_found" ? "staffNotFound" : "staffLastOwner");
    return c.json(ok({ staff: await listStaff(db) }), 200);
  };

  const accept: Handler<"acceptInvitation"> = async (c) => {
    const userId = c.get("session").user.id;
    const wait = await failureLimitReached(db, "staffInvitationFailuresPerAccount", String(userId));
    if (wait !== null) return tooSoon(c, wait);
    const result = await acceptInvitation(db, { token: c.req.valid("json").token, userId });
    if (!result.ok) {
      await hitRateLimit(db, "staffInvitationFailuresPerAccount", String(userId));
      return errorReply(c, result.reason === "invalid" ? "staffInvitationInvalid" : "staffInvitationOtherAddress");
    }
    return c.json(ok({ role: result.role }), 200);
  };

  const audit: Handler<"listAudit"> = async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(ok({ entries: await listAudit(db, c.req.valid("query")) }), 200);
  };

  const orders: Handler<"searchOrders"> = async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(ok({ orders: await searchOrders(db, c.req.valid("query").q) }), 200);
  };

  const refund: Handler<"refundOrder"> = async (c) => {
    const orderId = c.req.valid("json").order_id;
    const result = await staffRefund(
      { db, processorFor: (name) => deps.payments.byName(name), windowDays: deps.refundWindowDays },
      orderId,
      actorOf(c),
    );
    if (result.ok) {
      if (result.outcome === "refunded") deps.onMailQueued?.();
      return c.json(ok({ outcome: result.outcome }), 200);
    }
    switch (result.reason) {
      case "not_found":
        return errorReply(c, "notFound", null, "no such paid order");
      case "not_eligible":
        return errorReply(
          c,
          "refundNotEligible",
          { reason: result.eligibility.reason },
          "refunded already, or never paid",
        );
      case "processor_unavailable":
        return errorReply(c, "processorUnavailable", null, "the order's payment provider is not reachable from here");
      case "processor_refused":
        c.get("logger").error({ err: result.error, orderId }, "the processor did not refund");
        return errorReply(c, "processorRefused", null, "the payment provider refused or could not be reached");
    }
  };

  const inbox: Handler<"listInbox"> = async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(ok({ reports: await listReports(db, c.req.valid("query")) }), 200);
  };

  const inboxReport: Handler<"openInboxReport"> = async (c) => {
    c.header("Cache-Control", "no-store");
    const report = await openReport(db, c.req.valid("param").id);
    if (!report) return errorReply(c, "notFound", null, "no such report");
    return c.json(ok({ report }), 200);
  };

  const inboxReply: Handler<"replyInbox"> = async (c) => {
    const body = c.req.valid("json");
    const result = await replyToReport(db, { ...body, replyTo: deps.supportEmail }, actorOf(c));
    if (!result.ok) return errorReply(c, "notFound", null, "no such report");
    deps.onMailQueued?.();
    c.get("logger").info({ event: "support_reply", report: body.id }, "support reply queued");
    return c.json(ok({ status: "answered" as const }), 200);
  };

  const inboxStatus: Handler<"inboxStatus"> = async (c) => {
    const body = c.req.valid("json");
    const result = await setReportStatus(db, body, actorOf(c));
    if (!result.ok) return errorReply(c, "notFound", null, "no such report");
    return c.json(ok({ status: body.status }), 200);
  };

  /** The range a dashboard query asks for, as of `now`; null for one it cannot show (40275). */
  const rangeOf = (query: { from?: string; to?: string; days?: string }, now: Date) => {
    const parsed = parseDashboardRange(query, utcDay(now));
    return parsed.ok ? parsed.range : null;
  };

  const dashboard: Handler<"dashboard"> = async (c) => {
    const now = new Date();
    const range = rangeOf(c.req.valid("query"), now);
    if (!range) return errorReply(c, "dashboardRangeInvalid");
    c.header("Cache-Control", "no-store");
    return c.json(ok(await dashboardOf(db, range, now)), 200);
  };

  const dashboardCsv: Handler<"dashboardCsv"> = async (c) => {
    const { series, ...query } = c.req.valid("query");
    const now = new Date();
    const range = rangeOf(query, now);
    if (!range) return errorReply(c, "dashboardRangeInvalid");
    const file = dashboardCsvOf(await dashboardOf(db, range, now), series);
    c.header("Cache-Control", "no-store");
    c.header("Content-Disposition", `attachment; filename="${file.filename}"`);
    return c.body(file.text, 200, { "Content-Type": "text/csv; charset=utf-8" });
  };

  const customer: Handler<"customerDetail"> = async (c) => {
    c.header("Cache-Control", "no-store");
    const detail = await customerDetail(db, c.req.valid("param").id);
    if (!detail) return errorReply(c, "notFound", null, "no such account");
    return c.json(ok(detail), 200);
  };

  const customerCancel: Handler<"customerCancel"> = async (c) => {
    const body = c.req.valid("json");
    const result = await staffCancelRenewal(
      { db, processorFor: (name) => deps.payments.byName(name) },
      { userId: body.user_id, subscriptionId: body.subscription_id },
      actorOf(c),
    );
    if (!result.ok) {
      if (result.reason === "not_found") return errorReply(c, "notFound", null, "no such subscription of this account");
      c.get("logger").error({ err: result.error, reason: result.reason }, "renewal could not be turned off");
      return errorReply(
        c,
        "processorRefused",
        null,
        "the payment provider could not turn renewal off; nothing was changed",
      );
    }
    const row = result.subscription;
    return c.json(
      ok({
        id: row.id,
        status: row.status,
        auto_renew: row.autoRenew,
        period_end: row.currentPeriodEnd?.toISOString() ?? null,
      }),
      200,
    );
  };

  const customerEndSessions: Handler<"customerEndSessions"> = async (c) => {
    const body = c.req.valid("json");
    const ended = await staffEndSessions(db, { userId: body.user_id, sessionId: body.session_id }, actorOf(c));
    if (ended === 0 && body.session_id !== undefined) return errorReply(c, "sessionNotFound");
    return c.json(ok({ ended }), 200);
  };

  const customerRemoveDevice: Handler<"customerRemoveDevice"> = async (c) => {
    const body = c.req.valid("json");
    const removed = await staffRemoveDevice(
      db,
      { userId: body.user_id, appType: body.app_type, deviceId: body.device_id },
      actorOf(c),
    );
    if (!removed) return errorReply(c, "deviceNotFound");
    return c.json(ok({ removed: true as const }), 200);
  };

  const customerDisable: Handler<"customerDisable"> = async (c) => {
    const userId = c.req.valid("json").user_id;
    const result = await staffDisableAccount(db, userId, actorOf(c));
    if (!result.ok) {
      return result.reason === "staff"
        ? errorReply(c, "customerIsStaff")
        : errorReply(c, "notFound", null, "no such account");
    }
    c.get("logger").info({ event: "account_disabled", userId, changed: result.changed }, "account disabled by staff");
    return c.json(
      ok({ changed: result.changed, sessions_ended: result.sessionsEnded, vpn_keys_revoked: result.keysRevoked }),
      200,
    );
  };

  const customerEnable: Handler<"customerEnable"> = async (c) => {
    const userId = c.req.valid("json").user_id;
    const result = await staffEnableAccount(db, userId, actorOf(c));
    if (!result) return errorReply(c, "notFound", null, "no such account");
    c.get("logger").info({ event: "account_enabled", userId, changed: result.changed }, "account enabled by staff");
    return c.json(ok({ changed: result.changed }), 200);
  };

  return {
    dashboard,
    dashboardCsv,
    customer,
    customerCancel,
    customerEndSessions,
    customerRemoveDevice,
    customerDisable,
    customerEnable,
    me,
    staff,
    invite,
    role,
    remove,
    accept,
    audit,
    orders,
    refund,
    inbox,
    inboxReport,
    inboxReply,
    inboxStatus,
  };
}
