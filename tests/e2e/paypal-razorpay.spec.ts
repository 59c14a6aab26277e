import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { type PayPalFake, startPayPalFake } from "../fakes/paypal-api";
import { type RazorpayFake, startRazorpayFake } from "../fakes/razorpay-api";
import { type SpawnedServer, spawnServer } from "../helpers/spawn-server";
import { uniqueEmail } from "./account-helpers";
import { asNewVisitor, text } from "./checkout-helpers";
import { hydrated, watchProblems } from "./journey-helpers";

// PayPal (decision 049) and Razorpay (decision 052) through their official SDKs, aimed at the local
// fakes of their APIs by a live process of its own (tests/helpers/fake-processors-server.ts): a
// buyer goes from the pricing page to the checkout, picks the way to pay, approves on the fake's
// page, the signed webhook grants the plan, the account shows it; the buyer turns renewal off, then
// takes the money back, and the fake has the refund.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const KEYS = {
  paypal: { clientId: "AYe2eLiveClientId", clientSecret: "EFe2eLiveClientSecret" },
  razorpay: { keyId: "rzp_live_e2eKeyId", keySecret: "e2eKeySecret", webhookSecret: "razorpay-e2e-webhook-secret" },
};
let paypal: PayPalFake;
let razorpay: RazorpayFake;
let server: SpawnedServer;
let origin = "";
let dataDir = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  paypal = await startPayPalFake({ ...KEYS.paypal, hostedPages: true });
  razorpay = await startRazorpayFake({ ...KEYS.razorpay, hostedPages: true });
  dataDir = mkdtempSync(path.join(tmpdir(), "veilport-paypal-razorpay-"));
  server = spawnServer(["--import", "tsx", path.resolve("tests/helpers/fake-processors-server.ts")], {
    NODE_ENV: "test",
    PAYMENT_MODE: "live",
    PAYMENT_PROVIDERS: "ps=paypal,rz=razorpay",
    PAYPAL_CLIENT_ID: KEYS.paypal.clientId,
    PAYPAL_CLIENT_SECRET: KEYS.paypal.clientSecret,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    RAZORPAY_KEY_ID: KEYS.razorpay.keyId,
    RAZORPAY_KEY_SECRET: KEYS.razorpay.keySecret,
    RAZORPAY_WEBHOOK_SECRET: KEYS.razorpay.webhookSecret,
    E2E_PAYPAL_FAKE_PORT: new URL(paypal.url).port,
    E2E_RAZORPAY_FAKE_URL: razorpay.url,
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    STUN_PORT: "0",
    TRUST_PROXY: "loopback",
    LOG_LEVEL: "info",
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
    MAIL_FROM: "Veilport <no-reply@veilport.test>",
    SUPPORT_EMAIL: "support@veilport.test",
    SHUTDOWN_TIMEOUT_MS: "1000",
  });
  const { port } = (await server.waitForLog((line) => line.msg === "listening")) as { port: number };
  origin = `http://127.0.0.1:${port}`;
  paypal.deliverTo = `${origin}/api/webhooks/paypal/production`;
  razorpay.deliverTo = `${origin}/api/webhooks/razorpay/production`;
});
test.afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  await paypal?.close();
  await razorpay?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const t = (key: string) => text("en", "myaccount", key);
const card = (page: Page, title: string) =>
  page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });
/** A catalogue sentence with its places matching anything (an amount, a date). */
const pattern = (sentence: string) =>
  new RegExp(sentence.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/{{\w+}}/g, ".+"));

/** From the pricing page, through the 1-year plan's checkout, paying with `code`: on the provider's page. */
async function toProvider(page: Page, code: "ps" | "rz", email: string) {
  await asNewVisitor(page);
  await page.goto(`${origin}/pricing`);
  await page.locator('a[href*="/pricing/checkout/1-year"]').first().click();
  await expect(page).toHaveURL(/\/pricing\/checkout\/1-year/);
  await hydrated(page);
  await expect(page.locator('input[name="plan"]:checked')).toHaveValue("1-year", { timeout: 45_000 });
  await page.locator('input[name="email"]').fill(email);
  // Each way to pay says how the buyer pays through its processor (decision 054).
  const methods = code === "ps" ? ["paypal"] : ["card", "upi"];
  const option = page.locator("label").filter({ has: page.locator(`input[name="provider"][value="${code}"]`) });
  await expect(option).toContainText(
    methods.map((method) => text("en", "pricing", `checkout.methods.${method}`)).join(" · "),
  );
  await option.getByRole("radio").check();
  await page.getByRole("button", { name: text("en", "pricing", "checkout.pay") }).click();
}

/** The account shows the paid plan; then renewal off, then the money back (the plan ends). */
async function paidThenCancelledThenRefunded(page: Page) {
  const profile = card(page, t("profile.title"));
  const subscription = card(page, t("subscription.title"));
  await expect(subscription).toContainText(t("status.active"), { timeout: 45_000 });
  await expect(profile).not.toContainText(t("profile.free"));
  await expect(page.locator("main")).toContainText(/12 months left/);
  await expect(page.locator("main")).not.toContainText("VIP");

  await subscription.getByRole("button", { name: t("subscription.cancel") }).click();
  const confirmCancel = page.getByRole("dialog", { name: t("subscription.confirmCancelTitle") });
  await confirmCancel.getByRole("button", { name: t("subscription.confirmCancelButton") }).click();
  await expect(subscription).toContainText(pattern(t("subscription.canceled")));
  await expect(subscription).toContainText(t("status.canceled"));

  const refund = card(page, t("refund.title"));
  await expect(refund).toContainText(pattern(t("refund.eligible")), { timeout: 45_000 });
  await refund.getByRole("button", { name: t("refund.button") }).click();
  const confirmRefund = page.getByRole("dialog", { name: t("refund.confirmTitle") });
  await confirmRefund.getByRole("button", { name: t("refund.confirmButton") }).click();
  await expect(refund.getByRole("status")).toHaveText(pattern(t("refund.refunded")));
  await expect(profile).toContainText(t("profile.free"), { timeout: 20_000 });
  await expect(subscription).toContainText(t("status.expired"));
}

test("PayPal: approve on PayPal's page, the signed sale grants the year; renewal off, then refunded at PayPal", async ({
  page,
}) => {
  const problems = watchProblems(page, origin, "en");
  await toProvider(page, "ps", uniqueEmail("paypal"));
  await page.waitForURL(`${paypal.url}/webapps/billing/subscriptions?**`, { timeout: 60_000 });
  await expect(page.getByRole("heading", { name: "Approve your subscription" })).toBeVisible();
  await expect(page.locator("main")).toContainText("47.88 USD");
  await page.getByRole("button", { name: "Agree & Subscribe" }).click();
  await expect(page).toHaveURL(/\/paysuc\?order=/, { timeout: 60_000 });
  expect(paypal.deliveries).toEqual([
    { event: "BILLING.SUBSCRIPTION.ACTIVATED", status: 200 },
    { event: "PAYMENT.SALE.COMPLETED", status: 200 },
  ]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you! Your subscription is active.", {
    timeout: 30_000,
  });
  await page.getByRole("link", { name: text("en", "paysuc", "account") }).click();
  await expect(page).toHaveURL(/\/myaccount$/);
  await paidThenCancelledThenRefunded(page);
  const [subscriptionId] = [...paypal.subscriptions.keys()];
  expect(paypal.subscriptions.get(String(subscriptionId))?.status).toBe("CANCELLED");
  expect([...paypal.refunds.values()].map((refund) => refund.status)).toEqual(["COMPLETED"]);
  expect(problems).toEqual([]);
});

test("Razorpay: pay on the hosted page, the signed subscription.charged grants the year; renewal off, then refunded at Razorpay", async ({
  page,
}) => {
  const problems = watchProblems(page, origin, "en");
  await toProvider(page, "rz", uniqueEmail("razorpay"));
  await page.waitForURL(`${razorpay.url}/i/**`, { timeout: 60_000 });
  await expect(page.getByRole("heading", { name: "Authorise your subscription" })).toBeVisible();
  await page.getByRole("button", { name: "Pay 47.88 USD" }).click();
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  expect(razorpay.deliveries).toEqual([{ event: "subscription.charged", status: 200 }]);
  // A subscription link has no way back: the buyer returns to the site by its address.
  await page.goto(`${origin}/myaccount`);
  await paidThenCancelledThenRefunded(page);
  const [subscription] = [...razorpay.subscriptions.values()];
  expect(subscription?.status).toBe("cancelled");
  expect([...razorpay.refunds.values()].map((refund) => [refund.status, refund.amount])).toEqual([["processed", 4788]]);
  expect(problems).toEqual([]);
});
