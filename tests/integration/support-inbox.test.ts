import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import { submitContactReport } from "../../core/support/contact-reports";
import type { DatabaseHandle } from "../../db/client";
import { contactReportReplies, contactReports, mailOutbox, staffAudit } from "../../db/schema";
import { apiClient } from "../helpers/api-client";
import { consoleStaff } from "../helpers/console-staff";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// The support inbox of the operator console (decision 053): support and owners list and search the
// contact reports, open one, reply by e-mail (queued in the reporter's language, kept in the thread)
// and set its status, each audited; marketing gets the console's 403.
const TOKEN = "operator-token-for-tests-0123456789abcdef";
const _C = "/api/mms/console/v1/web";

describe.each(testDatabaseTargets())("support inbox on $name", (target) => {
  let database: DatabaseHandle;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    const app = createTestApp(database, {
      env: { OPERATOR_TOKEN: TOKEN, PUBLIC_ORIGIN: "https://vpn.example", SUPPORT_EMAIL: "help@vpn.example" },
      deps: { captcha: noCaptchaVerifier() },
    });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  const { userIdOf, get, post, owner, member } = consoleStaff(() => ({ db: database.db, call }), TOKEN);
  const report = (email: string, message: string, locale: string) =>
    submitContactReport(
      database.db,
      { name: "Kim Reporter", email, topic: "billing", message, order_id: "", locale },
      { supportEmail: "support@vpn.example" },
    );
  const idOf = async (reference: string) => {
    const [row] = await database.db
      .select({ id: contactReports.id })
      .from(contactReports)
      .where(eq(contactReports.reference, reference));
    return row?.id ?? 0;
  };

  it("lists and searches reports, replies by e-mail in the reporter's language, and sets the status, audited", async () => {
    const ownerToken = await owner();
    const support = await member(ownerToken, "helper@example.com", "support");
    const first = await report("kunde@example.de", "Meine Rechnung fehlt seit gestern.", "de");
    const second = await report("other@example.com", "The app does not connect on my phone.", "en");

    const all = await get(support, "/inbox");
    expect(all.status).toBe(200);
    const listed = all.body.data?.reports as Array<{ reference: string }>;
    expect(listed.map((r) => r.reference).sort()).toEqual([first.reference, second.reference].sort());
    expect(listed[0]).toMatchObject({ status: "new", name: "Kim Reporter", topic: "billing" });
    // Search by address (any case), by words of the message, by status; a LIKE wildcard is literal.
    expect((await get(support, "/inbox?q=KUNDE@")).body.data?.reports).toEqual([
      expect.objectContaining({ reference: first.reference, email: "kunde@example.de" }),
    ]);
    expect((await get(support, "/inbox?q=does%20not%20connect")).body.data?.reports).toEqual([
      expect.objectContaining({ reference: second.reference }),
    ]);
    expect((await get(support, "/inbox?q=%25")).body.data?.reports).toEqual([]);
    expect((await get(support, "/inbox?status=closed")).body.data?.reports).toEqual([]);
    expect((await get(support, "/inbox?status=bogus")).status).toBe(400);

    const id = await idOf(first.reference);
    const opened = await get(support, `/inbox/${id}`);
    expect(opened.body.data?.report).toMatchObject({
      reference: first.reference,
      message: "Meine Rechnung fehlt seit gestern.",
      replies: [],
    });
    expect((await get(support, "/inbox/999999")).status).toBe(404);

    const replied = await post(support, "/inbox/reply", {
      id,
      message: "Wir haben Ihnen die Rechnung erneut gesendet.",
    });
    expect(replied.body.data).toEqual({ status: "answered" });
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "kunde@example.de"));
    expect(mail?.subject).toBe(`Re: [${first.reference}] Ihre Nachricht an Veilport`);
    expect(mail?.text).toContain("Wir haben Ihnen die Rechnung erneut gesendet.");
    expect(mail?.text).toContain("> Meine Rechnung fehlt seit gestern.");
    expect(mail?.html).toContain('lang="de-DE"');
    expect(mail?.replyTo).toBe("help@vpn.example");
    const thread = (await get(support, `/inbox/${id}`)).body.data?.report;
    expect(thread).toMatchObject({
      status: "answered",
      replies: [{ message: "Wir haben Ihnen die Rechnung erneut gesendet.", staff_email: "helper@example.com" }],
    });
    const [replyRow] = await database.db.select().from(contactReportReplies);
    expect(replyRow?.mailId).toBe(mail?.id);
    expect((await post(support, "/inbox/reply", { id, message: "   " })).status).toBe(400);
    expect((await post(support, "/inbox/reply", { id: 999999, message: "Hello" })).status).toBe(404);

    expect((await post(ownerToken, "/inbox/status", { id, status: "closed" })).body.data).toEqual({ status: "closed" });
    expect((await get(support, "/inbox?status=closed")).body.data?.reports).toEqual([
      expect.objectContaining({ reference: first.reference, status: "closed" }),
    ]);
    expect((await post(ownerToken, "/inbox/status", { id, status: "lost" })).status).toBe(400);

    const audit = await database.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.target, `report:${id}`))
      .orderBy(staffAudit.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "support.reply",
        actorUserId: await userIdOf("helper@example.com"),
        before: { status: "new" },
        after: { status: "answered", reply: replyRow?.id },
      }),
      expect.objectContaining({
        action: "support.status",
        actorUserId: await userIdOf("owner@example.com"),
        before: { status: "answered" },
        after: { status: "closed" },
      }),
    ]);
  });

  it("refuses marketing and finance with the console's 403 (40251), and sends no mail", async () => {
    const ownerToken = await owner();
    const marketing = await member(ownerToken, "promo@example.com", "marketing");
    const finance = await member(ownerToken, "money@example.com", "finance");
    const { reference } = await report("kunde@example.de", "Meine Rechnung fehlt seit gestern.", "de");
    const id = await idOf(reference);
    for (const token of [marketing, finance]) {
      for (const answer of [
        await get(token, "/inbox"),
        await get(token, `/inbox/${id}`),
        await post(token, "/inbox/reply", { id, message: "Hello" }),
        await post(token, "/inbox/status", { id, status: "closed" }),
      ]) {
        expect([answer.status, answer.body.code]).toEqual([403, 40251]);
      }
    }
    expect(await database.db.select().from(contactReportReplies)).toEqual([]);
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "kunde@example.de"))).toEqual([]);
    const [row] = await database.db.select().from(contactReports);
    expect(row?.status).toBe("new");
  });
});
