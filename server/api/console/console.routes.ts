import { createRoute, z } from "@hono/zod-openapi";
import { auditFilterSchema } from "../../../core/staff/staff";
import { inboxFilterSchema, replySchema } from "../../../core/support/inbox";
import { LOCALES, type Locale } from "../../../universal/i18n/locales";
import { REPORT_STATUSES, STAFF_RIGHTS, STAFF_ROLES } from "../../../universal/staff/roles";
import { bearer } from "../account/contract";
import { answers, appTypeHeader, json, SESSION_ERRORS, WRITE_ERRORS } from "../contract";

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
