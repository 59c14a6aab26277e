import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { deliverDueMail, type MailTransport } from "../../core/email/outbox";
import type { DatabaseHandle } from "../../db/client";
import { contactReports, mailOutbox } from "../../db/schema";
import { apiClient } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

const PATH = "/api/mms/report/v1/contact_us";
const report = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  topic: "billing",
  message: "I was charged twice for my yearly plan this morning.",
  order_id: "ord_0123abcd",
  recasign: "token",
  language: "de",
};

describe.each(testDatabaseTargets())("contact-us on $name", (target) => {
  let database: DatabaseHandle;
  let call: ReturnType<typeof apiClient>;
  beforeEach(async () => {
    database = await target.open();
    call = apiClient(
      createTestApp(database, {
        env: { SUPPORT_EMAIL: "help@vpn.example", TRUST_PROXY: "loopback" },
        deps: { captcha: noCaptchaVerifier() },
      }),
    );
  });
  afterEach(async () => database.close());

  it("stores the report, queues it for support with the sender as reply-to, and answers a reference", async () => {
    const answer = await call("POST", PATH, { body: report });
    expect(answer.status).toBe(200);
    const reference = answer.body.data?.reference as string;
    expect(reference).toMatch(/^VP-[0-9A-HJKMNP-TV-Z]{8}$/);
    const [stored] = await database.db.select().from(contactReports);
    expect(stored).toMatchObject({
      reference,
      name: "Ada Lovelace",
      email: "ada@example.com",
      topic: "billing",
      orderId: "ord_0123abcd",
      locale: "de",
    });
    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, stored?.mailId ?? -1));
    expect(mail).toMatchObject({ to: "help@vpn.example", replyTo: "ada@example.com", sentAt: null });
    expect(mail?.subject).toBe(`[${reference}] billing: Ada Lovelace`);
    expect(mail?.text).toContain("I was charged twice");
  });

  it("keeps the report when mail fails, and sends it on a later try", async () => {
    await call("POST", PATH, { body: report });
    const delivered: Array<{ to: string; replyTo?: string }> = [];
    const down: MailTransport = async () => {
      throw new Error("SMTP connection refused");
    };
    const up: MailTransport = async (message) => {
      delivered.push(message);
    };
    const now = new Date();
    expect(await deliverDueMail(database.db, down, { from: "site@vpn.example", now })).toEqual({ sent: 0, failed: 1 });
    expect(await database.db.select().from(contactReports)).toHaveLength(1);
    const [waiting] = await database.db.select().from(mailOutbox);
    expect(waiting?.lastError).toBe("SMTP connection refused");
    // Later, after the backoff, the mail goes out.
    const later = new Date(now.getTime() + 10 * 60 * 1000);
    expect(await deliverDueMail(database.db, up, { from: "site@vpn.example", now: later })).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(delivered).toEqual([expect.objectContaining({ to: "help@vpn.example", replyTo: "ada@example.com" })]);
  });

  it("refuses bad input field by field, storing nothing", async () => {
    const answer = await call("POST", PATH, {
      body: { ...report, name: "", email: "not-an-email", topic: "gossip", message: "short", order_id: "ord 1; drop" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 40000,
      data: {
        fields: {
          name: "fields.name.required",
          email: "email.invalid",
          topic: "fields.topic.required",
          message: "fields.message.short",
          order_id: "fields.orderId.invalid",
        },
      },
    });
    expect(await database.db.select().from(contactReports)).toHaveLength(0);
  });

  it("limits reports per address and per e-mail", async () => {
    const from = (ip: string) => ({ "X-Forwarded-For": ip });
    for (let i = 0; i < 3; i++) {
      expect((await call("POST", PATH, { body: report, headers: from(`203.0.113.${i + 1}`) })).status).toBe(200);
    }
    const sameEmail = await call("POST", PATH, { body: report, headers: from("203.0.113.9") });
    expect(sameEmail.status).toBe(429);
    expect(sameEmail.body.code).toBe(42900);
    for (let i = 0; i < 5; i++) {
      const other = { ...report, email: `person${i}@example.com` };
      expect((await call("POST", PATH, { body: other, headers: from("198.51.100.7") })).status).toBe(200);
    }
    const sameAddress = await call("POST", PATH, {
      body: { ...report, email: "new@example.com" },
      headers: from("198.51.100.7"),
    });
    expect(sameAddress.status).toBe(429);
    expect(await database.db.select().from(contactReports)).toHaveLength(8);
  });

  it("refuses a failed captcha", async () => {
    const strict = apiClient(
      createTestApp(database, { deps: { captcha: { ...noCaptchaVerifier(), verify: async () => false } } }),
    );
    const answer = await strict("POST", PATH, { body: report });
    expect(answer.body.code).toBe(40102);
    expect(await database.db.select().from(contactReports)).toHaveLength(0);
  });
});
