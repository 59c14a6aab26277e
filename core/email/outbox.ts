import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import type { MailContent } from "./templates";

/** Sends one message; throws on failure (the outbox retries). */
export type MailTransport = (message: MailContent & { to: string; from: string; replyTo?: string }) => Promise<void>;

export const MAX_ATTEMPTS = 8;

/** Stores the message first: a mail that cannot be sent now is sent later, never lost. */
export async function queueMail(
  db: Database,
  message: MailContent & { to: string; replyTo?: string },
): Promise<number> {
  const { redacted, ...content } = message;
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...content, redactedText: redacted?.text, redactedHtml: redacted?.html })
    .returning({ id: mailOutbox.id });
  return row?.id ?? 0;
}

/** Backoff after the nth failure: 30 s, 1 min, 2 min, … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/**
 * Sends what is due, one message at a time. Each message is claimed by pushing its next attempt
 * out first, so two processes never send the same one. With `redactDelivered`, a delivered
 * message's secret (a code) is replaced by its redacted copy in the same update that marks it
 * sent; without it (the local outbox of development, where /dev/outbox is the mailbox) the
 * message stays as it was sent.
 */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport,
  options: { from: string; now?: Date; limit?: number; redactDelivered?: boolean },
): Promise<{ sent: number; failed: number }> {
  const now = options.now ?? new Date();
  const due = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now), sql`${mailOutbox.attempts} < ${MAX_ATTEMPTS}`),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(options.limit ?? 20);
  let sent = 0;
  let failed = 0;
  for (const { id } of due) {
    const [claimed] = await db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + 5 * 60 * 1000) })
      .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now)))
      .returning();
    if (!claimed) continue;
    try {
      await transport({
        to: claimed.to,
        from: options.from,
        subject: claimed.subject,
        text: claimed.text,
        html: claimed.html,
        ...(claimed.replyTo ? { replyTo: claimed.replyTo } : {}),
      });
      const redacted = options.redactDelivered
        ? {
            text: sql`coalesce(${mailOutbox.redactedText}, ${mailOutbox.text})`,
            html: sql`coalesce(${mailOutbox.redactedHtml}, ${mailOutbox.html})`,
            redactedText: null,
            redactedHtml: null,
          }
        : {};
      await db
        .update(mailOutbox)
        .set({ sentAt: new Date(), lastError: null, ...redacted })
        .where(eq(mailOutbox.id, id));
      sent++;
    } catch (error) {
      await db
        .update(mailOutbox)
        .set({
          lastError: String((error as Error).message ?? error).slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(claimed.attempts)),
        })
        .where(eq(mailOutbox.id, id));
      failed++;
    }
  }
  return { sent, failed };
}
