import { createRoute, z } from "@hono/zod-openapi";
import { auditFilterSchema } from "../../../core/staff/staff";
import { inboxFilterSchema, replySchema } from "../../../core/support/inbox";
import { LOCALES, type Locale } from "../../../universal/i18n/locales";
import { DASHBOARD_SERIES, MAX_DASHBOARD_DAYS } from "../../../universal/staff/dashboard-range";
import { REPORT_STATUSES, STAFF_RIGHTS, STAFF_ROLES } from "../../../universal/staff/roles";
import { bearer } from "../account/contract";
import { answers, appTypeHeader, json, SESSION_ERRORS, WRITE_ERRORS } from "../contract";
import { errorResponses } from "../envelope";

/**
 * Contracts of the operator console (decision 051): the signed-in staff member's own session
 * (the website's cookie), their role's rights, two-factor sign-in required.
 */
export const CONSOLE_BASE = "/api/mms/console/v1/web";
const tags = ["Operator console"];

const localeCodes = LOCALES.map((locale) => locale.code) as [Locale, ...Locale[]];
const role = z.enum(STAFF_ROLES).openapi({ description: "owner, support, marketing or finance" });

/** What the console's guard answers before a handler (server/api/console/console.index.ts). */
export const STAFF_ERRORS = [
  ...SESSION_ERRORS,
  ["staffOnly", "the account is not staff"],
  ["staffTwoFactorRequired", "staff must turn on two-factor sign-in first"],
  ["staffRightMissing", "the staff member's role does not have this right"],
] as const;

export const me = createRoute({
  method: "get",
  path: `${CONSOLE_BASE}/me`,
  tags,
  security: bearer,
  summary: "The signed-in staff member: role, rights and whether two-factor sign-in is on (answered without it)",
  request: { headers: appTypeHeader },
  responses: answers(
    z.object({
      user_id: z.number().int(),
      email: z.string().nullable(),
      role,
      rights: z.array(z.enum(STAFF_RIGHTS)),
      two_factor: z.boolean(),
    }),
    [...SESSION_ERRORS, ["staffOnly", "the account is not staff"]],
  ),
});

const staffMember = z
  .object({
    user_id: z.number().int(),
    email: z.string().nullable(),
    role,
    two_factor: z.boolean(),
    since: z.string(),
  })
  .openapi("StaffMember");

export const listStaff = createRoute({
  method: "get",
  path: `${CONSOLE_BASE}/staff`,
  tags,
  security: bearer,
  summary: "Every staff member (owners only)",
  request: { headers: appTypeHeader },
  responses: answers(z.object({ staff: z.array(staffMember) }), [...STAFF_ERRORS]),
});

export const inviteStaff = createRoute({
  method: "post",
  path: `${CONSOLE_BASE}/staff/invite`,
  tags,
  security: bearer,
  summary: "Invite an e-mail address to a role (owners only): the mail's link is valid for 7 days",
  request: {
    headers: appTypeHeader,
    ...json(
      z.object({
        email: z.string().openapi({ example: "helper@example.com" }),
        role,
        locale: z.enum(localeCodes).default("en").openapi({ description: "The invitation mail's language" }),
      }),
    ),
  },
  responses: answers(z.object({ invitation_id: z.number().int(), expires_at: z.string() }), [
    "validation",
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    ["tooManyRequests", "too many invitations from this account; see Retry-After"],
  ]),
});

export const changeRole = createRoute({
  method: "post",
  path: `${CONSOLE_BASE}/staff/role`,
  tags,
  security: bearer,
  summary: "Give a staff member another role (owners only); the last owner stays an owner",
  request: { headers: appTypeHeader, ...json(z.object({ user_id: z.number().int().positive(), role })) },
  responses: answers(z.object({ staff: z.array(staffMember) }), [
    "validation",
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    "staffNotFound",
    "staffLastOwner",
  ]),
});

export const removeStaff = createRoute({
  method: "post",
  path: `${CONSOLE_BASE}/staff/remove`,
  tags,
  security: bearer,
  summary: "Take an account out of the staff (owners only); the account itself stays",
  request: { headers: appTypeHeader, ...json(z.object({ user_id: z.number().int().positive() })) },
  responses: answers(z.object({ staff: z.array(staffMember) }), [
    "validation",
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    "staffNotFound",
    "staffLastOwner",
  ]),
});

export const acceptInvitation = createRoute({
  method: "post",
  path: `${CONSOLE_BASE}/invitation/accept`,
  tags,
  security: bearer,
  summary: "Accept an invitation with the signed-in account, which must have the invited address",
  request: { headers: appTypeHeader, ...json(z.object({ token: z.string().min(1).max(100) })) },
  responses: answers(z.object({ role }), [
    "validation",
    ...WRITE_ERRORS,
    ...SESSION_ERRORS,
    "staffInvitationInvalid",
    "staffInvitationOtherAddress",
    ["tooManyRequests", "too many unknown invitations from this account; see Retry-After"],
  ]),
});

export const listAudit = createRoute({
  method: "get",
  path: `${CONSOLE_BASE}/audit`,
  tags,
  security: bearer,
  summary: "The audit log, newest first: filter by who (account id or token) and action; page with `before`",
  request: { headers: appTypeHeader, query: auditFilterSchema },
  responses: answers(
    z.object({
      entries: z.array(
        z.object({
          id: z.number().int(),
          at: z.string(),
          actor: z.string(),
          actor_user_id: z.number().int().nullable(),
          action: z.string(),
          target: z.string(),
          before: z.record(z.string(), z.unknown()).nullable(),
          after: z.record(z.string(), z.unknown()).nullable(),
        }),
      ),
    }),
    ["validation", ...STAFF_ERRORS],
  ),
});

export const searchOrders = createRoute({
  method: "get",
  path: `${CONSOLE_BASE}/orders`,
  tags,
  security: bearer,
  summary: "Find orders by the buyer's e-mail address, the order id or the processor's reference",
  request: {
    headers: appTypeHeader,
    query: z.object({ q: z.string().trim().min(1).max(254).openapi({ example: "buyer@example.com" }) }),
  },
  responses: answers(
    z.object({
      orders: z.array(
        z.object({
          order_id: z.string(),
          email: z.string().nullable(),
          plan_id: z.string(),
          provider: z.string(),
          status: z.string(),
          amount: z.number().int(),
          currency: z.string(),
          reference: z.string().nullable(),
          created_at: z.string(),
        }),
      ),
    }),
    ["validation", ...STAFF_ERRORS],
  ),
});

export const refundOrder = createRoute({
  method: "post",
  path: `${CONSOLE_BASE}/orders/refund`,
  tags,
  security: bearer,
  summary:
    "Refund a paid order in full through the customer's own refund (the processor first); staff are not held to the customer's window",
  request: { headers: appTypeHeader, ...json(z.object({ order_id: z.string().min(1).max(100) })) },
  responses: answers(z.object({ outcome: z.enum(["refunded", "pending"]) }), [
    "validation",
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    ["notFound", "no such paid order"],
    ["refundNotEligible", "refunded already, or never paid; data.reason says which"],
    "processorUnavailable",
    "processorRefused",
  ]),
});

const inboxReport = {
  id: z.number().int(),
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  topic: z.string(),
  status: z.enum(REPORT_STATUSES),
  locale: z.string(),
  created_at: z.string(),
};

export const listInbox = createRoute({
  method: "get",
  path: `${CONSOLE_BASE}/inbox`,
  tags,
  security: bearer,
  summary:
    "Contact reports, newest first (support and owners): filter by status, search address, name, reference or words",
  request: { headers: appTypeHeader, query: inboxFilterSchema },
  responses: answers(z.object({ reports: z.array(z.object(inboxReport)) }), ["validation", ...STAFF_ERRORS]),
});

export const openInboxReport = createRoute({
  method: "get",
  path: `${CONSOLE_BASE}/inbox/{id}`,
  tags,
  security: bearer,
  summary: "One contact report with support's replies, oldest first",
  request: { headers: appTypeHeader, params: z.object({ id: z.coerce.number().int().positive() }) },
  responses: answers(
    z.object({
      report: z.object({
        ...inboxReport,
        message: z.string(),
        order_id: z.string().nullable(),
        replies: z.array(
          z.object({
            id: z.number().int(),
            message: z.string(),
            staff_email: z.string().nullable(),
            created_at: z.string(),
          }),
        ),
      }),
    }),
    ["validation", ...STAFF_ERRORS, ["notFound", "no such report"]],
  ),
});

export const replyInbox = createRoute({
  method: "post",
  path: `${CONSOLE_BASE}/inbox/reply`,
  tags,
  security: bearer,
  summary: "Reply to a report by e-mail, in the reporter's language; the report becomes answered",
  request: { headers: appTypeHeader, ...json(replySchema) },
  responses: answers(z.object({ status: z.enum(REPORT_STATUSES) }), [
    "validation",
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    ["notFound", "no such report"],
  ]),
});

export const inboxStatus = createRoute({
  method: "post",
  path: `${CONSOLE_BASE}/inbox/status`,
  tags,
  security: bearer,
  summary: "Set a report's status: new, answered or closed",
  request: {
    headers: appTypeHeader,
    ...json(z.object({ id: z.number().int().positive(), status: z.enum(REPORT_STATUSES) })),
  },
  responses: answers(z.object({ status: z.enum(REPORT_STATUSES) }), [
    "validation",
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    ["notFound", "no such report"],
  ]),
});

// The dashboard (decision 055): owners, finance and marketing (reports.read).
const dashboardRange = {
  from: z
    .string()
    .max(10)
    .optional()
    .openapi({ description: "First UTC day, YYYY-MM-DD (with `to`)", example: "2026-11-01" }),
  to: z
    .string()
    .max(10)
    .optional()
    .openapi({ description: "Last UTC day, included (with `from`)", example: "2026-11-30" }),
  days: z
    .string()
    .max(3)
    .optional()
    .openapi({ description: "Instead of from/to: the last 7, 30 or 90 days up to today; neither: 30 days" }),
};
const money = z.record(z.string(), z.number().int()).openapi({
  description: "Minor units (hundredths) per currency, never summed across currencies",
  example: { USD: 4798 },
});
const dashboardGroup = z.object({
  key: z.string().nullable().openapi({ description: "The utm_source or affiliate network; null: none" }),
  visitors: z.number().int(),
  sign_ups: z.number().int(),
  purchases: z.number().int(),
  revenue: money,
  conversion: z.number().nullable().openapi({ description: "purchases / visitors; null without visitors" }),
});

export const dashboard = createRoute({
  method: "get",
  path: `${CONSOLE_BASE}/dashboard`,
  tags,
  security: bearer,
  summary: `Revenue, sign-ups, purchases, refunds and subscriptions per UTC day (at most ${MAX_DASHBOARD_DAYS} days), conversion by source and affiliate`,
  request: { headers: appTypeHeader, query: z.object(dashboardRange) },
  responses: answers(
    z
      .object({
        from: z.string(),
        to: z.string(),
        currencies: z.array(z.string()),
        days: z.array(
          z.object({
            day: z.string(),
            sign_ups: z.number().int(),
            purchases: z
              .number()
              .int()
              .openapi({ description: "Orders created that day and paid (refunded since included)" }),
            revenue: money,
            refunds: z.number().int().openapi({ description: "Orders refunded that day" }),
            refunded: money,
            active_subscriptions: z
              .number()
              .int()
              .openapi({ description: "Paid subscriptions in their paid period at the day's end (now, for today)" }),
            ended_subscriptions: z
              .number()
              .int()
              .openapi({ description: "Paid subscriptions whose period ended that day without renewing" }),
          }),
        ),
        totals: z.object({
          sign_ups: z.number().int(),
          purchases: z.number().int(),
          revenue: money,
          refunds: z.number().int(),
          refunded: money,
          visitors: z.number().int(),
          conversion: z.number().nullable(),
          active_at_start: z.number().int(),
          active_at_end: z.number().int(),
          ended_subscriptions: z.number().int(),
          churn_rate: z.number().nullable().openapi({ description: "Ended in the range / active at its start" }),
        }),
        by_source: z.array(dashboardGroup),
        by_affiliate: z.array(dashboardGroup),
      })
      .openapi("ConsoleDashboard"),
    ["validation", ...STAFF_ERRORS, "dashboardRangeInvalid"],
  ),
});

export const dashboardCsv = createRoute({
  method: "get",
  path: `${CONSOLE_BASE}/dashboard/csv`,
  tags,
  security: bearer,
  summary: "One series of the dashboard as a CSV file (amounts as decimals, a column per currency)",
  request: {
    headers: appTypeHeader,
    query: z.object({ ...dashboardRange, series: z.enum(DASHBOARD_SERIES) }),
  },
  responses: {
    200: {
      description: "The series; Content-Disposition names the file `<series>-<from>-<to>.csv`",
      content: {
        "text/csv": { schema: z.string().openapi({ description: "RFC 4180, CRLF lines, header row first" }) },
      },
    },
    ...errorResponses(["validation", ...STAFF_ERRORS, "dashboardRangeInvalid"]),
  },
});

// A customer's account (decision 058): read with orders.read, changed with customers.manage.

const customerSubscription = z.object({
  id: z.number().int(),
  plan_id: z.string(),
  plan_months: z.number().int().nullable(),
  status: z.string(),
  provider: z.string(),
  auto_renew: z.boolean(),
  prepaid: z.boolean(),
  period_end: z.string().nullable(),
});

export const customerDetail = createRoute({
  method: "get",
  path: `${CONSOLE_BASE}/customers/{id}`,
  tags,
  security: bearer,
  summary: "One customer: the account, its subscriptions, payments, devices and live sessions (never a token)",
  request: { headers: appTypeHeader, params: z.object({ id: z.coerce.number().int().positive() }) },
  responses: answers(
    z.object({
      account: z.object({
        user_id: z.number().int(),
        email: z.string().nullable(),
        locale: z.string(),
        created_at: z.string(),
        disabled_at: z.string().nullable(),
        is_staff: z.boolean(),
      }),
      subscriptions: z.array(customerSubscription),
      payments: z.array(
        z.object({
          order_id: z.string(),
          user_id: z.number().int().nullable(),
          email: z.string().nullable(),
          plan_id: z.string(),
          provider: z.string(),
          status: z.string(),
          amount: z.number().int(),
          currency: z.string(),
          reference: z.string().nullable(),
          created_at: z.string(),
        }),
      ),
      devices: z.array(
        z.object({
          app_type: z.number().int(),
          app_name: z.string(),
          platform: z.string(),
          device_id: z.string(),
          device_name: z.string().nullable(),
          last_seen: z.string(),
        }),
      ),
      sessions: z.array(
        z.object({
          id: z.number().int(),
          app_type: z.number().int(),
          app_name: z.string(),
          browser: z.string().nullable(),
          os: z.string().nullable(),
          country: z.string().nullable(),
          created_at: z.string(),
          last_seen_at: z.string(),
        }),
      ),
    }),
    ["validation", ...STAFF_ERRORS, ["notFound", "no such account"]],
  ),
});

const userId = z.number().int().positive();

export const customerCancel = createRoute({
  method: "post",
  path: `${CONSOLE_BASE}/customers/subscription/cancel`,
  tags,
  security: bearer,
  summary: "Turn a customer's renewal off at the period end, as the customer's own cancel does (the processor first)",
  request: {
    headers: appTypeHeader,
    ...json(z.object({ user_id: userId, subscription_id: z.number().int().positive() })),
  },
  responses: answers(customerSubscription.pick({ id: true, status: true, auto_renew: true, period_end: true }), [
    "validation",
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    ["notFound", "no such subscription of this account"],
    ["processorRefused", "the payment provider could not turn renewal off; nothing was changed"],
  ]),
});

export const customerEndSessions = createRoute({
  method: "post",
  path: `${CONSOLE_BASE}/customers/sessions/end`,
  tags,
  security: bearer,
  summary: "End one of a customer's sessions (session_id), or all of them when it is left out",
  request: {
    headers: appTypeHeader,
    ...json(z.object({ user_id: userId, session_id: z.number().int().positive().optional() })),
  },
  responses: answers(z.object({ ended: z.number().int() }), [
    "validation",
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    ["sessionNotFound", "no such live session of this account"],
  ]),
});

export const customerRemoveDevice = createRoute({
  method: "post",
  path: `${CONSOLE_BASE}/customers/devices/remove`,
  tags,
  security: bearer,
  summary: "Unbind one of a customer's devices, as the customer's device list does",
  request: {
    headers: appTypeHeader,
    ...json(
      z.object({ user_id: userId, app_type: z.number().int().nonnegative(), device_id: z.string().min(1).max(200) }),
    ),
  },
  responses: answers(z.object({ removed: z.literal(true) }), [
    "validation",
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    "deviceNotFound",
  ]),
});

export const customerDisable = createRoute({
  method: "post",
  path: `${CONSOLE_BASE}/customers/disable`,
  tags,
  security: bearer,
  summary:
    "Disable a customer's account: no sign-in of any kind (40220), its sessions end, its WireGuard keys leave the servers' peer list",
  request: { headers: appTypeHeader, ...json(z.object({ user_id: userId })) },
  responses: answers(
    z.object({ changed: z.boolean(), sessions_ended: z.number().int(), vpn_keys_revoked: z.number().int() }),
    ["validation", ...WRITE_ERRORS, ...STAFF_ERRORS, ["notFound", "no such account"], "customerIsStaff"],
  ),
});

export const customerEnable = createRoute({
  method: "post",
  path: `${CONSOLE_BASE}/customers/enable`,
  tags,
  security: bearer,
  summary: "Let a disabled account sign in again (its revoked WireGuard keys stay revoked)",
  request: { headers: appTypeHeader, ...json(z.object({ user_id: userId })) },
  responses: answers(z.object({ changed: z.boolean() }), [
    "validation",
    ...WRITE_ERRORS,
    ...STAFF_ERRORS,
    ["notFound", "no such account"],
  ]),
});
