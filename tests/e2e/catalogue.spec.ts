import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { localizePath } from "../../universal/i18n/locales";
import { PRODUCTION_SETTINGS } from "../helpers/production-settings";
import { type SpawnedServer, spawnServer } from "../helpers/spawn-server";
import { uniqueEmail } from "./account-helpers";
import { asNewVisitor, payWith } from "./checkout-helpers";
import { text, watchProblems } from "./journey-helpers";

// The catalogue as an operator meets it: a production start with nothing for sale, then plans
// and prices changed with `npm run catalogue` on a (sandbox) install and bought in the browser.
// Each server is this file's own, so the shared e2e server's demo catalogue stays as it is.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const serverBundle = path.resolve("build/server.js");
const TOKEN = "catalogue-e2e-operator-token-0123456789";
const run = promisify(execFile);
const dataDirs: string[] = [];
let production: SpawnedServer;
let sandbox: SpawnedServer;
let productionOrigin = "";
let sandboxOrigin = "";

async function start(env: Record<string, string>): Promise<[SpawnedServer, string]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "veilport-catalogue-e2e-"));
  dataDirs.push(dataDir);
  const server = spawnServer([serverBundle], {
    PORT: "0",
    HOST: "127.0.0.1",
    STUN_PORT: "0",
    TRUST_PROXY: "loopback",
    DATA_DIR: dataDir,
    OPERATOR_TOKEN: TOKEN,
    ...env,
  });
  const { port } = (await server.waitForLog((line) => line.msg === "listening")) as { port: number };
  return [server, `http://127.0.0.1:${port}`];
}

/** `npm run catalogue -- ...args` against the sandbox install, as its operator types it. */
async function catalogue(...args: string[]) {
  const { stdout } = await run(process.execPath, ["scripts/catalogue.mjs", ...args, "--origin", sandboxOrigin], {
    env: { PATH: process.env.PATH ?? "", OPERATOR_TOKEN: TOKEN },
  });
  return stdout;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  [[production, productionOrigin], [sandbox, sandboxOrigin]] = await Promise.all([
    start({ NODE_ENV: "production", PAYMENT_MODE: "off", ...PRODUCTION_SETTINGS }),
    start({ NODE_ENV: "test", PAYMENT_MODE: "sandbox", CAPTCHA_PROVIDER: "altcha" }),
  ]);
});
test.afterAll(async () => {
  for (const server of [production, sandbox]) server?.child.kill("SIGTERM");
  await Promise.all([production?.exited, sandbox?.exited]);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** Any percentage on the page's main content: a "save N%" badge or card line, in any language. */
const percentages = (page: Page) => page.locator("main").getByText(/\d\s*[%٪]/);

for (const locale of ["en", "ar", "ja"] as const) {
  test(`a production start on an empty database: the pricing page, the checkout and home say "not for sale yet" (${locale})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: productionOrigin, locale });
    const page = await context.newPage();
    const problems = watchProblems(page, productionOrigin, locale);
    const notForSale = page.getByRole("heading", { name: text(locale, "pricing", "notForSale.title") });

    await page.goto(localizePath("/pricing", locale));
    await expect(notForSale).toBeVisible({ timeout: 45_000 });
    await expect(page.getByText(text(locale, "pricing", "notForSale.text"))).toBeVisible();
    // No demo plans, no invented saving.
    await expect(page.getByRole("link", { name: text(locale, "pricing", "choose") })).toHaveCount(0);
    await expect(page.getByText(text(locale, "pricing", "popular"))).toHaveCount(0);
    await expect(percentages(page)).toHaveCount(0);
    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);

    await page.goto(localizePath("/pricing/checkout", locale));
    await expect(notForSale).toBeVisible({ timeout: 45_000 });
    await expect(page.getByRole("button", { name: text(locale, "pricing", "checkout.pay") })).toHaveCount(0);

    await page.goto(localizePath("/", locale));
    await expect(notForSale).toBeVisible({ timeout: 45_000 });
    expect(problems).toEqual([]);
    await context.close();
  });
}

test("with no plan discounted the pricing page shows no badge and home no promotion; one discount brings both back", async ({
  page,
}) => {
  // A festival promotion, running by this browser's clock; stored before any page is loaded, since
  // the site may keep the promotion document for 30 s.
  const promotion = await page.request.put(`${sandboxOrigin}/api/operator/v1/promotions`, {
    headers: { authorization: `Bearer ${TOKEN}` },
    data: {
      promotions: [
        { id: "easter-2030", kind: "easter", startTime: "2030-04-14T00:00:00Z", endTime: "2030-04-23T00:00:00Z" },
      ],
    },
  });
  expect(promotion.status()).toBe(200);
  // The demo catalogue's discounts taken away: every plan's USD price is its list price.
  for (const [plan, amount] of [
    ["1-month", "12.99"],
    ["1-year", "99.99"],
    ["2-years", "179.99"],
  ] as const) {
    await catalogue("set-price", "--plan", plan, "--currency", "USD", "--list", amount, "--sale", amount);
  }
  await page.goto(`${sandboxOrigin}/pricing?currency=USD`);
  await expect(page.getByText("$99.99 billed every 12 months")).toBeVisible({ timeout: 45_000 });
  await expect(percentages(page)).toHaveCount(0);

  // It announces nothing while nothing is discounted.
  await page.clock.install({ time: new Date("2030-04-18T09:00:00Z") });
  // The promotions island marks the block's place once it has decided (config and discount read).
  await page.goto(`${sandboxOrigin}/`);
  await expect(page.locator('[data-promotion-slot="decided"]')).toHaveCount(1, { timeout: 45_000 });
  await expect(page.getByText("$99.99 billed every 12 months")).toBeVisible({ timeout: 45_000 });
  await expect(page.locator("[data-promotion]")).toHaveCount(0);
  await expect(percentages(page)).toHaveCount(0);

  // One plan discounted again: the badge comes back with the real figure lifted to the floor.
  await catalogue("set-price", "--plan", "1-year", "--currency", "USD", "--list", "100", "--sale", "91");
  await page.goto(`${sandboxOrigin}/pricing?currency=USD`);
  await expect(page.getByText("Save up to 59%")).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText("Save 9%", { exact: true })).toBeVisible();
  await page.goto(`${sandboxOrigin}/`);
  await expect(page.locator('[data-promotion="easter-2030"]')).toContainText("Easter offer: 59% off our best plans", {
    timeout: 45_000,
  });
});

test("a plan added and priced with npm run catalogue is bought from /pricing through the sandbox at its price", async ({
  page,
}) => {
  const added = await catalogue("add-plan", "--id", "6-months", "--months", "6", "--devices", "7", "--order", "0");
  expect(added).toContain("6-months: 6 months, 7 devices");
  const priced = await catalogue(
    "set-price",
    "--plan",
    "6-months",
    "--currency",
    "USD",
    "--list",
    "77.94",
    "--sale",
    "41.94",
  );
  expect(priced).toContain("USD 41.94, list 77.94, saves 46%");
  const problems = watchProblems(page, sandboxOrigin, "en");

  await asNewVisitor(page);
  await page.goto(`${sandboxOrigin}/pricing`);
  const card = page.locator("div.rounded-2xl").filter({ has: page.getByRole("heading", { name: "6 months" }) });
  await expect(card).toContainText("$41.94 billed every 6 months", { timeout: 45_000 });
  await expect(card).toContainText("Save 46%");
  await expect(card).toContainText("Up to 7 devices");
  await card.getByRole("link", { name: "Choose this plan" }).click();

  await expect(page).toHaveURL(/\/pricing\/checkout\/6-months/);
  await expect(page.locator('input[name="plan"]:checked')).toHaveValue("6-months", { timeout: 45_000 });
  await expect(page.getByRole("complementary")).toContainText("$41.94 USD");
  await page.locator('input[name="email"]').fill(uniqueEmail("catalogue"));
  await page.locator('input[name="provider"][value="s1"]').check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.waitForURL(/\/sandbox\/checkout\/ord_/, { timeout: 60_000 });
  await payWith(page, "4242 4242 4242 4242");

  await expect(page).toHaveURL(/\/paysuc\?order=/, { timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you! Your subscription is active.", {
    timeout: 30_000,
  });
  await expect(page.locator("main")).toContainText("$41.94");
  expect(problems).toEqual([]);
});
