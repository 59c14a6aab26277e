import { and, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { contactReportReplies, contactReports, users } from "../../db/schema";
import type { InboxReport, InboxThread } from "../../universal/staff/console-records";
import { REPORT_STATUSES, type ReportStatus } from "../../universal/staff/roles";
import { queueMail } from "../email/outbox";
import { supportReplyMail } from "../email/support-reply-mail";
import { type Actor, recordAudit } from "../staff/staff";

/**
 * The operator console's support inbox (decision 053): the contact reports, searched by address or
 * words, opened with their replies, answered by e-mail through the outbox and given a status.
 * Every reply and status change leaves an audit row in the transaction that makes it.
 */
export const inboxFilterSchema = z.object({
  q: z.string().trim().max(254).optional(),
  status: z.enum(REPORT_STATUSES).optional(),
});
export type InboxFilter = z.infer<typeof inboxFilterSchema>;

export const replySchema = z.object({
  id: z.number().int().positive(),
  message: z.string().trim().min(1).max(10_000),
});

const LIST_LIMIT = 100;
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const asStatus = (value: string): ReportStatus =>
  (REPORT_STATUSES as readonly string[]).includes(value) ? (value as ReportStatus) : "new";

const listed = {
  id: contactReports.id,
  reference: contactReports.reference,
  name: contactReports.name,
  email: contactReports.email,
  topic: contactReports.topic,
  status: contactReports.status,
  locale: contactReports.locale,
  createdAt: contactReports.createdAt,
};

function toReport(row: {
  id: number;
  reference: string;
  name: string;
  email: string;
  topic: string;
  status: string;
  locale: string;
  createdAt: Date;
}): InboxReport {
  return {
    id: row.id,
    reference: row.reference,
    name: row.name,
    email: row.email,
    topic: row.topic,
    status: asStatus(row.status),
    locale: row.locale,
    created_at: row.createdAt.toISOString(),
  };
}

/** Newest first, at most 100: `q` matches the address, the name, the reference or the message's words. */
export async function listReports(db: Database, filter: InboxFilter): Promise<InboxReport[]> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(contactReports.status, filter.status));
  if (filter.q) {
    const pattern = likePattern(filter.q);
    const match = or(
      ilike(contactReports.email, pattern),
      ilike(contactReports.name, pattern),
      ilike(contactReports.reference, pattern),
      ilike(contactReports.message, pattern),
    );
    if (match) conditions.push(match);
  }
  const rows = await db
    .select(listed)
    .from(contactReports)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(contactReports.createdAt), desc(contactReports.id))
    .limit(LIST_LIMIT);
  return rows.map(toReport);
}

/** One report with its replies (oldest first), or null. */
export async function openReport(db: Database, id: number): Promise<InboxThread | null> {
  const [row] = await db
    .select({ ...listed, message: contactReports.message, orderId: contactReports.orderId })
    .from(contactReports)
    .where(eq(contactReports.id, id));
  if (!row) return null;
  const replies = await db
    .select({
      id: contactReportReplies.id,
      message: contactReportReplies.message,
      staffEmail: users.email,
      createdAt: contactReportReplies.createdAt,
    })
    .from(contactReportReplies)
    .leftJoin(users, eq(users.id, contactReportReplies.staffUserId))
    .where(eq(contactReportReplies.reportId, id))
    .orderBy(contactReportReplies.createdAt, contactReportReplies.id);
  return {
    ...toReport(row),
    message: row.message,
    order_id: row.orderId,
    replies: replies.map((reply) => ({
      id: reply.id,
      message: reply.message,
      staff_email: reply.staffEmail,
      created_at: reply.createdAt.toISOString(),
    })),
  };
}

/**
 * Mails a reply to the reporter in their language (queued in the outbox), stores it in the thread,
 * marks the report answered and audits it, all in one transaction.
 */
export async function replyToReport(
  db: Database,
  input: { id: number; message: string; replyTo: string },
  actor: Actor,
): Promise<{ ok: true } | { ok: false; reason: "not_found" }> {
  return db.transaction(async (tx) => {
    const [report] = await tx.select().from(contactReports).where(eq(contactReports.id, input.id)).for("update");
    if (!report) return { ok: false as const, reason: "not_found" as const };
    const mailId = await queueMail(tx, {
      ...supportReplyMail({
        locale: report.locale,
        reference: report.reference,
        reply: input.message,
        original: report.message,
      }),
      to: report.email,
      replyTo: input.replyTo,
    });
    const [reply] = await tx
      .insert(contactReportReplies)
      .values({
        reportId: report.id,
        staffUserId: actor.kind === "staff" ? actor.userId : null,
        message: input.message,
        mailId,
      })
      .returning({ id: contactReportReplies.id });
    await tx.update(contactReports).set({ status: "answered" }).where(eq(contactReports.id, report.id));
    await recordAudit(tx, {
      actor,
      action: "support.reply",
      target: `report:${report.id}`,
      before: { status: report.status },
      after: { status: "answered", reply: reply?.id ?? null },
    });
    return { ok: true as const };
  });
}

/** Sets a report's status, audited with the status before and after. */
export async function setReportStatus(
  db: Database,
  input: { id: number; status: ReportStatus },
  actor: Actor,
): Promise<{ ok: true } | { ok: false; reason: "not_found" }> {
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select({ status: contactReports.status })
      .from(contactReports)
      .where(eq(contactReports.id, input.id))
      .for("update");
    if (!report) return { ok: false as const, reason: "not_found" as const };
    await tx.update(contactReports).set({ status: input.status }).where(eq(contactReports.id, input.id));
    await recordAudit(tx, {
      actor,
      action: "support.status",
      target: `report:${input.id}`,
      before: { status: report.status },
      after: { status: input.status },
    });
    return { ok: true as const };
  });
}
