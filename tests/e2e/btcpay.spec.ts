import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { type BtcpayFake, startBtcpayFake } from "../fakes/btcpay-api";
import { type SpawnedServer, spawnServer } from "../helpers/spawn-server";
import { uniqueEmail } from "./account-helpers";
import { asNewVisitor, text } from "./checkout-helpers";
import { hydrated, watchProblems } from "./journey-helpers";

// Crypto through the operator's BTCPay Server (decision 050): a live process of its own whose tpa
// is BTCPay, pointed at the local Greenfield fake (its checkout page and its signed webhooks). A
// buyer pays an invoice and is VIP with nothing to renew; another leaves the invoice to expire
// (nothing granted), then pays late and is granted once the payment confirms.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const SECRET = "btcpay-e2e-webhook-secret";
let fake: BtcpayFake;
let server: SpawnedServer;
let origin = "";
let dataDir = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fake = await startBtcpayFake();
  dataDir = mkdtempSync(path.join(tmpdir(), "veilport-btcpay-"));
  server = spawnServer([path.resolve("build/server.js")], {
    NODE_ENV: "test",
    PAYMENT_MODE: "live",
    BTCPAY_URL: fake.url,
    BTCPAY_API_KEY: fake.apiKey,
    BTCPAY_STORE_ID: fake.storeId,
    BTCPAY_WEBHOOK_SECRET: SECRET,
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    STUN_PORT: "0",
    TRUST_PROXY: "loopback",
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
    MAIL_FROM: "Veilport <no-reply@veilport.test>",
    SUPPORT_EMAIL: "support@veilport.test",
    SHUTDOWN_TIMEOUT_MS: "1000",
  });
  const { port } = (await server.waitForLog((line) => line.msg === "listening")) as { port: number };
  origin = `http://127.0.0.1:${port}`;
  fake.deliverTo = { url: `${origin}/api/webhooks/btcpay/production`, secret: SECRET };
});
test.afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** From a plan's checkout, paying with crypto (tpa), to the BTCPay invoice page; answers its id. */
async function toInvoice(page: Page, email: string): Promise<string> {
  await asNewVisitor(page);
  await page.goto(`${origin}/pricing/checkout/1-year`);
  await hydrated(page);
  await expect(page.locator('input[name="plan"]:checked')).toHaveValue("1-year", { timeout: 45_000 });
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="provider"][value="tpa"]').check();
  await page.getByRole("button", { name: text("en", "pricing", "checkout.pay") }).click();
  await page.waitForURL(`${fake.url}/i/**`, { timeout: 60_000 });
  await expect(page.getByRole("heading", { name: "Pay invoice" })).toBeVisible();
  await expect(page.locator("main")).toContainText("47.88 USD");
  return new URL(page.url()).pathname.split("/").at(-1) ?? "";
}

const subscriptionCard = (page: Page) =>
  page.locator("section").filter({
    has: page.getByRole("heading", { level: 2, name: text("en", "myaccount", "subscription.title"), exact: true }),
  });

test("pays a BTCPay invoice: the signed webhook grants the year, and the account has nothing to renew", async ({
  page,
}) => {
  const problems = watchProblems(page, origin, "en");
  await toInvoice(page, uniqueEmail("crypto"));
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/paysuc\?order=/, { timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you! Your subscription is active.", {
    timeout: 30_000,
  });
  // The order's details are shown once the page has asked for the result: the page is done, and
  // going on from here cannot cut its own load short (an aborted document would count as a failure).
  await expect(page.locator('[aria-labelledby="order-heading"]')).toHaveAttribute("aria-busy", "false");
  await expect(page.locator('[aria-labelledby="order-heading"]')).not.toContainText(text("en", "paysuc", "loadFailed"));
  await page.goto(`${origin}/myaccount`);
  await expect(page.locator("main")).toContainText(/12 months left/);
  const card = subscriptionCard(page);
  await expect(card).toContainText(text("en", "myaccount", "subscription.prepaid"));
  await expect(card.getByRole("button", { name: text("en", "myaccount", "subscription.cancel") })).toHaveCount(0);
  await card.getByRole("link", { name: text("en", "myaccount", "subscription.buyAgain") }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  expect(problems).toEqual([]);
});

test("an invoice left to expire grants nothing; paid late, it is granted once the payment confirms", async ({
  page,
}) => {
  const problems = watchProblems(page, origin, "en");
  const invoiceId = await toInvoice(page, uniqueEmail("crypto-late"));
  // The buyer walks away; BTCPay expires the invoice and says so.
  expect(await fake.deliver(fake.expire(invoiceId))).toBe(200);
  await page.goto(`${origin}/myaccount`);
  const card = subscriptionCard(page);
  await expect(card).toContainText(text("en", "myaccount", "subscription.none"));
  // The coins arrive after the expiry: seen, unconfirmed (nothing yet), then confirmed.
  expect(await fake.deliver(fake.payLate(invoiceId))).toBe(200);
  expect(await fake.deliver(fake.confirmLate(invoiceId))).toBe(200);
  await page.reload();
  await expect(card).toContainText(text("en", "myaccount", "subscription.prepaid"));
  await expect(page.locator("main")).toContainText(/12 months left/);
  expect(problems).toEqual([]);
});
