import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import { deleteAccount } from "../../core/privacy/delete-account";
import { exportAccountData } from "../../core/privacy/export-account";
import { addVoucherPeriod, hashVoucherCode } from "../../core/vouchers/vouchers";
import type { DatabaseHandle } from "../../db/client";
import { subscriptions, users, voucherCodes } from "../../db/schema";
import { API_ERRORS } from "../../universal/api/errors";
import { normaliseVoucherCode } from "../../universal/vouchers/voucher-code";
import { apiClient, signUpBuyer } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// Prepaid vouchers through the API (decision 046): the operator creates a batch and gets its codes
// once, a customer or a new visitor redeems one for VIP time on top of the period they have, a code
// redeems once under concurrency, and only wrong codes count against the rate limit.
const BATCHES = "/api/operator/v1/voucher_batches";
const REDEEM = "/api/mms/account/v1/web/voucher/redeem";
const REDEEM_ANONYMOUS = "/api/mms/account/v1/web/voucher/redeem_anonymous";
const TOKEN = "operator-token-for-tests-0123456789abcdef";
const DAY = 86_400_000;

describe.each(testDatabaseTargets())("vouchers on $name", (target) => {
  let database: DatabaseHandle;
  let call: ReturnType<typeof apiClient>;
  let app: ReturnType<typeof createTestApp>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    app = createTestApp(database, { env: { OPERATOR_TOKEN: TOKEN }, deps: { captcha: noCaptchaVerifier() } });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  const createBatch = async (batch: Record<string, unknown>) => {
    const answer = await call("POST", BATCHES, {
      appType: null,
      headers: { authorization: `Bearer ${TOKEN}`, "x-operator-name": "cli" },
      body: { plan_id: "1-year", reseller: "Kiosk Nord", count: 1, ...batch },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { batch: { id: number; count: number }; codes: string[] };
  };
  const redeem = (token: string, code: string) => call("POST", REDEEM, { appType: "101", token, body: { code } });
  const vipOf = async (token: string) =>
    (await call("GET", "/api/mms/account/v1/web/profile", { appType: "101", token })).body.data?.vip as {
      is_vip: boolean;
      expire_at: string | null;
    };

  it("creates a batch whose codes are answered once and stored only as hashes; lists it with its redemptions", async () => {
    const { batch, codes } = await createBatch({ count: 3, period_months: 1, reseller: "Kiosk Nord" });
    expect(batch.count).toBe(3);
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
    const stored = await database.db.select().from(voucherCodes).where(eq(voucherCodes.batchId, batch.id));
    expect(stored.map((row) => row.codeHash).sort()).toEqual(
      codes.map((code) => hashVoucherCode(normaliseVoucherCode(code) ?? "")).sort(),
    );
    const buyer = await signUpBuyer(call, "one@example.com");
    expect((await redeem(buyer, codes[0] ?? "")).status).toBe(200);
    const list = await call("GET", BATCHES, { appType: null, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(list.body.data?.batches).toEqual([
      expect.objectContaining({ id: batch.id, count: 3, redeemed: 1, reseller: "Kiosk Nord", created_by: "cli" }),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const report = await call("GET", `/api/operator/v1/report?from=${today}&to=${today}`, {
      appType: null,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(report.body.data?.vouchers).toEqual([{ reseller: "Kiosk Nord", codes: 3, redeemed: 1 }]);
    // Without the operator's token: nothing.
    expect((await call("GET", BATCHES, { appType: null })).status).toBe(401);
  });

  it("exports a new batch as CSV, its fields quoted and defused", async () => {
    const response = await app.request(`${BATCHES}?format=csv`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ plan_id: "1-year", reseller: "=Shop, Berlin", count: 2, period_days: 30 }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="vouchers-\d+\.csv"/);
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("code,batch,reseller,plan_id,period_months,period_days,expires_at");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^[0-9A-Z-]{24},\d+,"'=Shop, Berlin",1-year,0,30,$/);
    const code = lines[1]?.split(",")[0] ?? "";
    const buyer = await signUpBuyer(call, "csv@example.com");
    expect((await redeem(buyer, code)).status).toBe(200);
  });

  it("exports a new batch as printable cards in the language asked for, each code on its card", async () => {
    const response = await app.request(`${BATCHES}?format=pdf&locale=de`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ plan_id: "1-year", reseller: "Kiosk Nord", count: 11, period_months: 12 }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="vouchers-\d+\.pdf"/);
    const pdf = new Uint8Array(await response.arrayBuffer());
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(2);
    const file = join(mkdtempSync(join(tmpdir(), "cards-")), "cards.pdf");
    writeFileSync(file, pdf);
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(text).toContain("Prepaid-VPN-Gutschein");
    expect(text).toContain("/de/redeem");
    const printed = [...text.matchAll(/\b[0-9A-Z]{4}(?:-[0-9A-Z]{4}){4}\b/g)].map((match) => match[0]);
    expect(new Set(printed).size).toBe(11);
    // A printed code is a real one: it redeems.
    const buyer = await signUpBuyer(call, "cards@example.com");
    expect((await redeem(buyer, printed[0] ?? "")).status).toBe(200);
  });

  it("refuses cards in a language the site does not have", async () => {
    const response = await app.request(`${BATCHES}?format=pdf&locale=xx`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ plan_id: "1-year", reseller: "Kiosk", count: 1, period_months: 1 }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe(API_ERRORS.validation.code);
  });

  it("adds the time after the VIP period the account has, and refuses used, expired and unknown codes", async () => {
    const month = await createBatch({ count: 1, period_months: 1 });
    const days = await createBatch({ count: 1, period_days: 10 });
    const expired = await createBatch({
      count: 1,
      period_days: 10,
      expires_at: new Date(Date.now() - DAY).toISOString(),
    });
    const buyer = await signUpBuyer(call, "stack@example.com");

    const before = Date.now();
    const first = await redeem(buyer, (month.codes[0] ?? "").toLowerCase().replaceAll("-", " "));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstVip = first.body.data?.vip as { expire_at: string } | undefined;
    const firstEnd = new Date(String(firstVip?.expire_at));
    expect(firstEnd.getTime()).toBeGreaterThanOrEqual(addVoucherPeriod(new Date(before), 1, 0).getTime());
    const second = await redeem(buyer, days.codes[0] ?? "");
    expect(second.body.data?.added).toEqual({ months: 0, days: 10 });
    expect((await vipOf(buyer)).expire_at).toBe(new Date(firstEnd.getTime() + 10 * DAY).toISOString());

    const used = await redeem(buyer, month.codes[0] ?? "");
    expect([used.status, used.body.code]).toEqual([409, 40211]);
    const late = await redeem(buyer, expired.codes[0] ?? "");
    expect([late.status, late.body.code]).toEqual([400, 40212]);
    const unknown = await redeem(buyer, "0000-0000-0000-0000-0000");
    expect([unknown.status, unknown.body.code]).toEqual([400, 40210]);
    const malformed = await redeem(buyer, "not a code");
    expect(malformed.body.code).toBe(40210);
    // The expired code stays unredeemed; the account has two voucher periods.
    const grants = await database.db.select().from(subscriptions).where(eq(subscriptions.provider, "voucher"));
    expect(grants).toHaveLength(2);
  });

  it("gives a visitor an account in the same step, or nothing when the code or the address is refused", async () => {
    const { codes } = await createBatch({ count: 1, period_months: 3 });
    const code = codes[0] ?? "";
    const refused = await call("POST", REDEEM_ANONYMOUS, {
      appType: "101",
      body: { code: "0000-0000-0000-0000-0000", email: "nobody@example.com", recasign: "t" },
    });
    expect(refused.body.code).toBe(40210);
    expect(await database.db.select().from(users).where(eq(users.email, "nobody@example.com"))).toEqual([]);

    await signUpBuyer(call, "taken@example.com");
    const taken = await call("POST", REDEEM_ANONYMOUS, {
      appType: "101",
      body: { code, email: "taken@example.com", recasign: "t" },
    });
    expect([taken.status, taken.body.code]).toEqual([409, 40108]);
    const [unused] = await database.db.select().from(voucherCodes);
    expect(unused?.redeemedAt).toBeNull();

    const answer = await call("POST", REDEEM_ANONYMOUS, {
      appType: "101",
      body: { code, email: "new@example.com", recasign: "t" },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const token = String(answer.body.data?.token);
    const vip = await vipOf(token);
    expect(vip.is_vip).toBe(true);
    expect(new Date(String(vip.expire_at)).getTime()).toBeGreaterThan(Date.now() + 85 * DAY);
    const [redeemed] = await database.db.select().from(voucherCodes);
    expect(redeemed?.redeemedBy).toBe(answer.body.data?.user_id);
  });

  it("grants a code once under 20 concurrent redemptions", async () => {
    const { codes } = await createBatch({ count: 1, period_months: 1 });
    const buyers = await Promise.all([0, 1, 2, 3].map((index) => signUpBuyer(call, `rush-${index}@example.com`)));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => redeem(buyers[index % buyers.length] ?? "", codes[0] ?? "")),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.status !== 200)) {
      expect([40211, 42900]).toContain(answer.body.code);
    }
    expect(await database.db.select().from(subscriptions).where(eq(subscriptions.provider, "voucher"))).toHaveLength(1);
  });

  it("counts only wrong codes against the address: right ones are never held up", async () => {
    const { codes } = await createBatch({ count: 12, period_days: 1 });
    const buyer = await signUpBuyer(call, "reseller-customer@example.com");
    for (const code of codes) expect((await redeem(buyer, code)).status).toBe(200);

    const other = await createBatch({ count: 1, period_days: 1 });
    for (let i = 0; i < 10; i++)
      expect((await redeem(buyer, `ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZ${String(i).padStart(2, "0")}`)).body.code).toBe(40210);
    const blocked = await redeem(buyer, other.codes[0] ?? "");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });
  it("exports a redemption without the code's hash; deleting the account keeps the code used, unlinked", async () => {
    const { codes } = await createBatch({ count: 1, period_days: 7 });
    const answer = await call("POST", REDEEM_ANONYMOUS, {
      appType: "101",
      body: { code: codes[0], email: "leaving@example.com", recasign: "t" },
    });
    const userId = Number(answer.body.data?.user_id);
    const account = { id: userId, email: "leaving@example.com" };
    const file = await exportAccountData(database.db, account, { analytics: "", mails: "" } as never);
    expect(file.data.voucher_codes).toEqual([expect.objectContaining({ redeemed_by: userId, redeemed_country: null })]);
    expect(file.data.voucher_codes?.[0]).not.toHaveProperty("code_hash");

    const [user] = await database.db.select().from(users).where(eq(users.id, userId));
    const deleted = await deleteAccount(
      { db: database.db, processorFor: () => null, farewellMail: () => ({ subject: "bye", text: "bye", html: "" }) },
      user as never,
    );
    expect(deleted.ok).toBe(true);
    const [code] = await database.db.select().from(voucherCodes);
    expect(code?.redeemedAt).not.toBeNull();
    expect(code?.redeemedBy).toBeNull();
    const again = await call("POST", REDEEM_ANONYMOUS, {
      appType: "101",
      body: { code: codes[0], email: "again@example.com", recasign: "t" },
    });
    expect(again.body.code).toBe(40211);
  });
});
