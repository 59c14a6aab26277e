import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { contactReports, mailOutbox } from "../../db/schema";
import type { ContactReport } from "../../universal/validation/contact-rules";
import { contactReportMail } from "../email/templates";

// Crockford's base 32 without I, L, O, U: easy to read out on the phone and to type.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** "VP-7K3M9Q2X": the reference the visitor quotes; random, so it says nothing about volumes. */
export function newReference(): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `VP-${code}`;
}

/**
 * Stores a report and, in the same transaction, the e-mail to support (the outbox sends it and
 * retries): when mail is down the report is kept and mailed later, never lost.
 */
export async function submitContactReport(
  db: Database,
  report: ContactReport & { locale: string },
  options: { supportEmail: string },
): Promise<{ reference: string }> {
  const reference = newReference();
  await db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(contactReports)
      .values({
        reference,
        name: report.name,
        email: report.email,
        topic: report.topic,
        message: report.message,
        orderId: report.order_id || null,
        locale: report.locale,
      })
      .returning({ id: contactReports.id });
    const mail = contactReportMail({ ...report, reference });
    const [queued] = await tx
      .insert(mailOutbox)
      .values({ ...mail, to: options.supportEmail, replyTo: report.email })
      .returning({ id: mailOutbox.id });
    await tx
      .update(contactReports)
      .set({ mailId: queued?.id })
      .where(eq(contactReports.id, stored?.id ?? 0));
  });
  return { reference };
}
