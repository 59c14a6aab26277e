import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sandboxProcessor } from "../../core/billing/providers/sandbox";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import { seedDemoData } from "../../core/demo/seed";
import type { DatabaseHandle } from "../../db/client";
import { orders, staffAudit } from "../../db/schema";
import { apiClient, signUpBuyer } from "../helpers/api-client";
import { consoleStaff } from "../helpers/console-staff";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

// Promotions, popups and coupons in the operator console (decision 057): owners and marketing
// edit them (support gets the console's 403), every change audited; a promotion's sale prices
// and automatic coupon are what the plans API shows and the checkout charges while its window
// is open, and no longer once it is over (the server's clock: windows are set around now).
const TOKEN = "operator-token-for-tests-0123456789abcdef";
const _C = "/api/mms/console/v1/web";
const P = "/api/mms/payment/v1/providers";
const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

describe.each(testDatabaseTargets())("console promotions on $name", (target) => {
  let database: DatabaseHandle;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    await seedDemoData(database.db, { withDemoUser: false });
    const sandbox = sandboxProcessor(database.db, { secret: "sandbox-test-secret", origin: "" });
    const app = createTestApp(database, {
      env: { OPERATOR_TOKEN: TOKEN, PUBLIC_ORIGIN: "https://vpn.example" },
      deps: { captcha: noCaptchaVerifier(), sandbox },
    });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  const { get, post, owner, member } = consoleStaff(() => ({ db: database.db, call }), TOKEN);
  const promotion = (overrides: Record<string, unknown> = {}) => ({
    id: "black-friday-2026",
    kind: "black-friday",
    startTime: at(-HOUR),
    endTime: at(HOUR),
    isFestival: true,
    headline: [
      { text: { en: "Black Friday: ", de: "Black Friday: " }, tone: "plain" },
      { text: { en: "{{discount}} off" }, tone: "accent" },
    ],
    ...overrides,
  });
  const yearInUsd = async () => {
    const answer = await call("GET", `${P}/plans?currency=USD`, { appType: "501" });
    const plans = answer.body.data?.plans as Array<{ id: string; price_amount: number }>;
    return plans.find((plan) => plan.id === "1-year")?.price_amount;
  };
  /** A new buyer's purchase of the yearly plan in USD: the order as stored. */
  const buyYear = async (email: string, coupon?: string) => {
    const token = await signUpBuyer(call, email);
    const answer = await call("POST", `${P}/ps/purchase`, {
      appType: "101",
      token,
      body: { plan_id: "1-year", currency: "USD", recasign: "t", ...(coupon ? { coupon } : {}) },
    });
    expect(answer.status).toBe(200);
    const orderId = String((answer.body.data?.value as { order_id?: string } | undefined)?.order_id);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    return order;
  };
  const auditActions = async () =>
    (await database.db.select().from(staffAudit).orderBy(staffAudit.id)).map((row) => [row.action, row.target]);

  it("is for owners and marketing: support gets the console's 403 on every call", async () => {
    const ownerToken = await owner();
    const support = await member(ownerToken, "helper@example.com", "support");
    const marketing = await member(ownerToken, "ads@example.com", "marketing");
    for (const [method, path] of [
      ["GET", "/promotions"],
      ["POST", "/promotions/save"],
      ["POST", "/promotions/end"],
      ["POST", "/promotions/popups"],
      ["GET", "/coupons"],
      ["GET", "/coupons/ANY/redemptions"],
      ["POST", "/coupons"],
      ["POST", "/coupons/end"],
    ] as const) {
      const answer = method === "GET" ? await get(support, path) : await post(support, path, {});
      expect([path, answer.status, answer.body.code]).toEqual([path, 403, 40251]);
    }
    expect((await get(marketing, "/promotions")).status).toBe(200);
    expect((await get(marketing, "/coupons")).status).toBe(200);
    expect((await get(ownerToken, "/promotions")).body.data).toEqual({ config: { promotions: [], popups: {} } });
  });

  it("validates the editor's promotions, keeps headline spaces, audits saves and publishes no sale", async () => {
    const marketing = await member(await owner(), "ads@example.com", "marketing");
    const fields = async (body: unknown) => {
      const answer = await post(marketing, "/promotions/save", body);
      expect(answer.status).toBe(400);
      return Object.keys((answer.body.data as { fields: Record<string, string> }).fields);
    };
    expect(await fields(promotion({ endTime: at(-2 * HOUR) }))).toEqual(["endTime"]);
    expect(await fields(promotion({ kind: "halloween" }))).toEqual(["kind"]);
    expect(await fields(promotion({ headline: [{ text: { en: "59% off" } }] }))).toEqual(["headline.0.text"]);
    expect(await fields(promotion({ headline: [{ text: { en: "   " } }] }))).toEqual(["headline.0.text.en"]);
    expect(
      await fields(
        promotion({ sale: { kind: "prices", prices: [{ plan_id: "1-year", currency: "USD", amount: 0 }] } }),
      ),
    ).toEqual(["sale.prices.0.amount"]);

    const sale = async (value: unknown) => (await post(marketing, "/promotions/save", promotion({ sale: value }))).body;
    expect(await sale({ kind: "prices", prices: [{ plan_id: "2-year", currency: "USD", amount: 100 }] })).toMatchObject(
      {
        code: 40290,
        data: { reason: "unknown_price", plan_id: "2-year", currency: "USD" },
      },
    );
    expect(
      await sale({ kind: "prices", prices: [{ plan_id: "1-year", currency: "USD", amount: 4788 }] }),
    ).toMatchObject({
      code: 40290,
      data: { reason: "not_below_price" },
    });
    expect(await sale({ kind: "coupon", coupon: "NOSUCH" })).toMatchObject({
      code: 40290,
      data: { reason: "unknown_coupon" },
    });

    const saved = await post(
      marketing,
      "/promotions/save",
      promotion({ sale: { kind: "prices", prices: [{ plan_id: "1-year", currency: "USD", amount: 3999 }] } }),
    );
    expect(saved.status).toBe(200);
    const stored = (saved.body.data as { config: { promotions: Array<Record<string, unknown>> } }).config.promotions;
    expect(stored).toHaveLength(1);
    expect(stored[0]?.headline).toEqual([
      { text: { en: "Black Friday: ", de: "Black Friday: " }, tone: "plain" },
      { text: { en: "{{discount}} off" }, tone: "accent" },
    ]);
    // The site's document has the promotion, not its sale.
    const site = await call("GET", "/api/mms/config/v1/promotions", { appType: "501" });
    const shown = (site.body.data as { promotions: Array<Record<string, unknown>> }).promotions;
    expect(shown.map((entry) => entry.id)).toEqual(["black-friday-2026"]);
    expect(shown[0]).not.toHaveProperty("sale");
    // Saved again (an edit) it replaces, not duplicates.
    await post(marketing, "/promotions/save", promotion({ kind: "christmas" }));
    expect(
      ((await get(marketing, "/promotions")).body.data as { config: { promotions: unknown[] } }).config.promotions,
    ).toEqual([expect.objectContaining({ id: "black-friday-2026", kind: "christmas" })]);
    expect(await auditActions()).toContainEqual(["promotion.save", "promotion:black-friday-2026"]);
    const saves = await database.db.select().from(staffAudit).where(eq(staffAudit.action, "promotion.save"));
    expect(saves).toHaveLength(2);
    expect(saves[0]?.before).toBeNull();
    expect(saves[1]?.before).toMatchObject({ kind: "black-friday" });

    const popups = await post(marketing, "/promotions/popups", {
      popups: {
        weekend: { headline: [{ text: { en: "A quiet weekend " } }, { text: { en: "online" }, tone: "accent" }] },
      },
    });
    expect(popups.status).toBe(200);
    expect(await auditActions()).toContainEqual(["popups.save", "popups"]);
    expect((await post(marketing, "/promotions/end", { id: "nope" })).status).toBe(404);
  });

  it("charges the sale price only while the window is open, and ending the promotion ends it", async () => {
    const marketing = await member(await owner(), "ads@example.com", "marketing");
    const sale = { kind: "prices", prices: [{ plan_id: "1-year", currency: "USD", amount: 3999 }] };

    // Before the window: the catalogue's price.
    await post(marketing, "/promotions/save", promotion({ startTime: at(HOUR), endTime: at(2 * HOUR), sale }));
    expect(await yearInUsd()).toBe(47.88);
    expect(await buyYear("before@example.com")).toMatchObject({ amount: 4788, promotionId: null });

    // In the window: the sale price, in the plans and in the order.
    await post(marketing, "/promotions/save", promotion({ sale }));
    expect(await yearInUsd()).toBe(39.99);
    expect(await buyYear("during@example.com")).toMatchObject({ amount: 3999, promotionId: "black-friday-2026" });

    // Ended from the console: the catalogue's price again.
    const ended = await post(marketing, "/promotions/end", { id: "black-friday-2026" });
    expect(ended.status).toBe(200);
    expect(await yearInUsd()).toBe(47.88);
    expect(await buyYear("after@example.com")).toMatchObject({ amount: 4788, promotionId: null });
    expect(await auditActions()).toContainEqual(["promotion.end", "promotion:black-friday-2026"]);

    // After a window that ended by the clock.
    await post(marketing, "/promotions/save", promotion({ startTime: at(-2 * HOUR), endTime: at(-HOUR), sale }));
    expect(await yearInUsd()).toBe(47.88);
  });

  it("applies the promotion's coupon to purchases naming none; the coupons view lists, shows and disables it", async () => {
    const marketing = await member(await owner(), "ads@example.com", "marketing");
    const created = await post(marketing, "/coupons", { code: "XMAS25", percent_off: 25, plan_ids: ["1-year"] });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ coupon: { code: "XMAS25", redemptions: 0 } });
    expect((await post(marketing, "/coupons", { code: "XMAS25", percent_off: 10 })).body.code).toBe(40903);
    expect((await post(marketing, "/coupons", { code: "bad code", percent_off: 10 })).status).toBe(400);

    await post(
      marketing,
      "/promotions/save",
      promotion({ kind: "christmas", sale: { kind: "coupon", coupon: "XMAS25" } }),
    );
    const plans = await call("GET", `${P}/plans?currency=USD`, { appType: "501" });
    expect(plans.body.data?.auto_coupon).toBe("XMAS25");
    // 47.88 less 25 %: 35.91.
    expect(await buyYear("auto@example.com")).toMatchObject({
      amount: 3591,
      couponCode: "XMAS25",
      discountAmount: 1197,
      promotionId: "black-friday-2026",
    });
    // A code the buyer names wins over the automatic one.
    await post(marketing, "/coupons", { code: "TENOFF", amount_off: 1000, currency: "USD" });
    expect(await buyYear("named@example.com", "TENOFF")).toMatchObject({ amount: 3788, couponCode: "TENOFF" });

    const listed = (await get(marketing, "/coupons")).body.data as {
      coupons: Array<{ code: string; redemptions: number }>;
    };
    expect(listed.coupons.find((coupon) => coupon.code === "XMAS25")?.redemptions).toBe(1);
    const redemptions = await get(marketing, "/coupons/XMAS25/redemptions");
    expect(redemptions.body.data).toEqual({
      redemptions: [
        expect.objectContaining({
          plan_id: "1-year",
          currency: "USD",
          amount: 3591,
          discount: 1197,
          status: "pending",
        }),
      ],
    });
    expect(JSON.stringify(redemptions.body.data)).not.toContain("auto@example.com");
    expect((await get(marketing, "/coupons/NOPE/redemptions")).status).toBe(404);

    // Disabled, the automatic coupon no longer applies: the purchase goes through at the plan's price.
    expect((await post(marketing, "/coupons/end", { code: "XMAS25" })).status).toBe(200);
    expect(await buyYear("late@example.com")).toMatchObject({ amount: 4788, couponCode: null, promotionId: null });
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        ["coupon.create", "coupon:XMAS25"],
        ["coupon.create", "coupon:TENOFF"],
        ["coupon.end", "coupon:XMAS25"],
      ]),
    );
    expect((await post(marketing, "/coupons/end", { code: "NOPE" })).status).toBe(404);
  });
});
