import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import type { Locale } from "../../universal/i18n/locales";
import { freePort } from "../helpers/free-port";
import { type SpawnedServer, spawnServer } from "../helpers/spawn-server";
import { text, watchProblems } from "./journey-helpers";

// Account numbers are an operator setting, off in the suite's server: this spec runs its own with
// ACCOUNT_NUMBERS=on (decision 042). In Arabic on a phone: create a number, sign out, sign in with it.
test.describe.configure({ mode: "serial" });

const LOCALE: Locale = "ar";
// Creating and signing in first solve the proof-of-work captcha, slow on a busy machine.
const CAPTCHA_WAIT = { timeout: 90_000 };
let server: SpawnedServer;
let origin = "";
let dataDir = "";

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), "veilport-acctnum-"));
  server = spawnServer([path.resolve("build/server.js")], {
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    STUN_PORT: "0",
    TRUST_PROXY: "loopback",
    PAYMENT_MODE: "off",
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
    MAIL_FROM: "Veilport <no-reply@veilport.test>",
    ACCOUNT_NUMBERS: "on",
    ACCOUNT_NUMBER_SECRET: "e2e-account-number-secret-0123456789abcdef",
  });
  await server.waitForLog((line) => line.msg === "listening");
});
test.afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

const t = (key: string) => text(LOCALE, "login", key);

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page })
    .include("main")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("an account number is created in Arabic on a phone, then signs in after signing out", async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: "ar",
  });
  const page = await context.newPage();
  const problems = watchProblems(page, origin, LOCALE);
  await page.goto(`${origin}/ar/login`);
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);

  // What an account without an e-mail address loses is said before it is made.
  const card = page.getByRole("region", { name: t("number.heading") });
  await expect(card.getByText(t("number.loseReset"))).toBeVisible();
  await expectAxeClean(page);
  await card.getByRole("button", { name: t("number.create") }).click();

  const shown = card.locator("[data-account-number]");
  await expect(shown).toBeVisible(CAPTCHA_WAIT);
  await expect(shown).toHaveAttribute("dir", "ltr");
  const grouped = (await shown.textContent())?.trim() ?? "";
  expect(grouped).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
  // Left to right inside the right-to-left page: the groups read in order.
  expect(await shown.evaluate((node) => getComputedStyle(node).direction)).toBe("ltr");
  await expectAxeClean(page);

  const onward = card.getByRole("button", { name: t("number.continue") });
  await expect(onward).toBeDisabled();
  await card.getByRole("checkbox", { name: t("number.saved") }).check();
  await onward.click();

  await page.waitForURL(/\/ar\/myaccount/);
  await expect(page.getByText(text(LOCALE, "myaccount", "profile.accountNumber"))).toBeVisible();
  await expect(page.getByRole("heading", { name: text(LOCALE, "myaccount", "emailChange.addTitle") })).toBeVisible();
  await page.getByRole("button", { name: text(LOCALE, "myaccount", "logout"), exact: true }).click();
  await page.waitForURL((url) => !url.pathname.includes("myaccount"));

  await page.goto(`${origin}/ar/login`);
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  // Typed as one run of digits, as someone copying it from a note might.
  await card.getByLabel(t("number.label")).fill(grouped.replace(/ /g, ""));
  await card.getByRole("button", { name: t("number.signIn") }).click();
  await page.waitForURL(/\/ar\/myaccount/, CAPTCHA_WAIT);
  await expect(page.getByText(text(LOCALE, "myaccount", "profile.accountNumber"))).toBeVisible();
  expect(problems).toEqual([]);
  await context.close();
});
