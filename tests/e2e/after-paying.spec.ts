import { expect, type Page, test } from "@playwright/test";
import { maxPollChecks } from "../../app/lib/purchase-polling";
import { localeInfo } from "../../universal/i18n/locales";
import { createAccount, mailedCode, uniqueEmail } from "./account-helpers";
import { asNewVisitor, checkout, payWith, text } from "./checkout-helpers";
import { hydrated } from "./journey-helpers";
import { mailsTo } from "./mail-catcher";
import { CONSENT_ANSWERED } from "./operator";

// Buyers in German and Arabic, from the checkout through the processor's page to the pages after it.
// Each flow solves a captcha and signs up; prices and pages load after hydration, which on a busy
// machine takes a while: the waits are for what the buyer sees, with room.
test.describe.configure({ timeout: 180_000 });
const SEEN = { timeout: 60_000 };

const DAY = 86_400_000;

/** The renewal date as the locale writes it: a term of 12 × 30.44 days ends 365 or 366 days on. */
function renewalDates(locale: "de" | "ar", days: number): RegExp {
  const format = new Intl.DateTimeFormat(localeInfo(locale).iso, { dateStyle: "long", timeZone: "UTC" });
  const dates = [days, days + 1].map((offset) => format.format(new Date(Date.now() + offset * DAY)));
  return new RegExp(dates.join("|"));
}

async function orderOf(page: Page): Promise<string> {
  return new URL(page.url()).searchParams.get("order") ?? "";
}

const PASSWORD = "Str0ng!Receipt";

for (const { locale, plan, planName, days, amount } of [
  { locale: "de", plan: "1-year", planName: "1 Jahr", days: 365, amount: /£\d+,\d\d GBP/ },
  { locale: "ar", plan: "2-years", planName: "سنتان", days: 730, amount: /\$\d+\.\d\d USD/ },
] as const) {
  test(`a buyer in /${locale}/ pays, lands on /${locale}/paysuc with the order, sets a password and gets the receipt`, async ({
    page,
  }) => {
    const email = uniqueEmail(`receipt-${locale}`);
    // A plan chosen in a currency keeps it (the buyer's address may be anywhere in the world).
    await checkout(page, plan, "s1", email, { locale, query: `?currency=${locale === "de" ? "GBP" : "USD"}` });
    await payWith(page, "4242 4242 4242 4242");
    // The processor's page returns to the status page in the buyer's language, which forwards.
    await expect(page).toHaveURL(new RegExp(`/${locale}/paysuc\\?order=ord_`), SEEN);
    const order = await orderOf(page);

    // The site's own header and footer, and the order as the buyer reads it.
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(locale, "paysuc", "heading"), SEEN);
    const details = page.getByRole("region", { name: text(locale, "paysuc", "details") });
    await expect(details).toContainText(planName, SEEN);
    await expect(details).not.toContainText(plan);
    await expect(details).toContainText(amount);
    await expect(details).toContainText(renewalDates(locale, days));
    // The order number is isolated left to right, also in Arabic.
    await expect(details.locator('bdi[dir="ltr"]', { hasText: order })).toBeVisible();
    // No app has a store link (content/apps.ts): nothing promises a download.
    await expect(page.getByRole("link", { name: text(locale, "paysuc", "download") })).toHaveCount(0);
    await expect(page.getByText(text(locale, "paysuc", "noApps"))).toBeVisible();

    // The account made at checkout has no password; the apps need one.
    const step = page.getByRole("region", { name: text(locale, "paysuc", "password.heading") });
    // A checkout sign-up proves nothing about the address: the first password needs the mailed code.
    await step.getByRole("button", { name: text(locale, "forms", "code.send") }).click();
    await expect(step.getByRole("status").filter({ hasText: text(locale, "forms", "code.sent") })).toBeVisible(SEEN);
    const code = await mailedCode(email, text(locale, "email", "code.subject.set_password"));
    await step.getByLabel(text(locale, "forms", "code.label")).fill(code);
    await step.getByLabel(text(locale, "forms", "password.newLabel"), { exact: true }).fill(PASSWORD);
    await step.getByLabel(text(locale, "forms", "password.repeatLabel"), { exact: true }).fill(PASSWORD);
    await step.getByRole("button", { name: text(locale, "paysuc", "password.submit") }).click();
    await expect(page.getByRole("status").filter({ hasText: text(locale, "paysuc", "password.done") })).toBeVisible(
      SEEN,
    );

    // The receipt, read back from the SMTP receiver, in the buyer's language.
    const dir = String(process.env.E2E_MAIL_DIR);
    await expect.poll(() => mailsTo(dir, email).filter((mail) => mail.subject.includes(order)).length, SEEN).toBe(1);
    const receipt = mailsTo(dir, email).find((mail) => mail.subject.includes(order));
    expect(receipt?.subject).toBe(text(locale, "email", "receipt.subject").replace("{{order}}", order));
    expect(receipt?.text).toContain(`${text(locale, "email", "receipt.plan")}: ${planName}`);
    expect(receipt?.text).toMatch(amount);
    expect(receipt?.text).toMatch(renewalDates(locale, days));
    expect(receipt?.html).toContain(`dir="${localeInfo(locale).dir}"`);
  });
}

test("a declined card in German: the declined heading, and try again returns to the same plan, currency and language", async ({
  page,
}) => {
  await checkout(page, "1-year", "rz", uniqueEmail("declined-de"), { locale: "de", query: "?currency=GBP" });
  await payWith(page, "4000 0000 0000 0002");
  await expect(page).toHaveURL(/\/de\/paystatus\?order=ord_/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Zahlung abgelehnt", SEEN);
  await page.getByRole("link", { name: "Erneut versuchen" }).click();
  await expect(page).toHaveURL(/\/de\/pricing\/checkout\/1-year\?currency=GBP$/);
  await expect(page.locator('input[name="plan"]:checked')).toHaveValue("1-year", { timeout: 45_000 });
  await expect(page.locator("aside")).toContainText("GBP");
});

test("the status page checks with backoff, stops after two minutes with an honest message, and checks again on request", async ({
  page,
}) => {
  await checkout(page, "1-month", "ps", uniqueEmail("polling"));
  // The buyer comes back without paying: the order stays pending and the processor never answers.
  const order = new URL(page.url()).pathname.split("/").pop() ?? "";
  const checks: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/purchase_result")) checks.push(request.url());
  });
  await page.clock.install();
  await page.goto(`/paystatus?order=${order}&provider=ps`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checking your payment", SEEN);

  // The page's clock moves on five seconds at a time until it gives up. The number of checks does
  // not depend on how the steps fall: the schedule counts checks, not wall time.
  const stillWaiting = page.getByRole("heading", { name: "Still waiting for confirmation" });
  await expect
    .poll(
      async () => {
        await page.clock.runFor(5_000);
        return stillWaiting.isVisible();
      },
      { timeout: 120_000, intervals: [100] },
    )
    .toBe(true);
  expect(checks).toHaveLength(maxPollChecks());
  expect(checks.length).toBeLessThan(30);

  // Ten more minutes: not one more request.
  await page.clock.runFor(600_000);
  expect(checks).toHaveLength(maxPollChecks());
  await expect(page.getByRole("link", { name: "Go to my account" })).toBeVisible();

  await page.getByRole("button", { name: "Check again" }).click();
  await expect.poll(() => checks.length).toBeGreaterThan(maxPollChecks());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checking your payment");
});

test("a chosen currency is remembered and wins over the visitor's country", async ({ browser }) => {
  // A visitor from the United Kingdom (the e2e server trusts loopback proxies).
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "81.2.69.160" } });
  const page = await context.newPage();
  await page.goto("/pricing");
  await expect(page.getByLabel("Currency")).toHaveValue("GBP", { timeout: 45_000 });
  await page.getByLabel("Currency").selectOption("AUD");
  await expect(page.getByText(/A\$\d+\.\d\d per month/).first()).toBeVisible(SEEN);
  expect((await context.cookies()).find((cookie) => cookie.name === "currency")?.value).toBe("AUD");

  // Another day, another page: still Australian dollars, though the country says pounds.
  await page.goto("/pricing/checkout/1-year");
  await expect(page.locator("aside")).toContainText("AUD", { timeout: 45_000 });
  await page.goto("/de/pricing");
  await expect(page.getByLabel(text("de", "pricing", "currency"))).toHaveValue("AUD", { timeout: 45_000 });
  await context.close();
});

test("the checkout's sign-in code field is not marked invalid before a code is typed", async ({ page, request }) => {
  const email = uniqueEmail("has-account");
  await createAccount(request, email, PASSWORD);
  await asNewVisitor(page);
  await page.goto("/pricing/checkout/1-month");
  await hydrated(page);
  await expect(page.locator('input[name="plan"]:checked')).toHaveValue("1-month", { timeout: 45_000 });
  await page.locator('input[name="email"]').fill(email);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  const code = page.getByLabel("Sign-in code");
  await expect(code).toBeVisible({ timeout: 30_000 });
  await expect(code).not.toHaveAttribute("aria-invalid");
  // Submitting without a code is what marks it.
  await page.getByRole("button", { name: "Confirm and continue" }).click();
  await expect(code).toHaveAttribute("aria-invalid", "true");
});

// The pages after paying in a left-to-right, a right-to-left and a CJK language, at a phone and a
// desktop width. Screenshots are test artifacts (test-results/), not committed: look at them
// after changing these pages. Each must fit its width.
for (const locale of ["en", "ar", "ja"] as const) {
  test(`success and declined pages fit and are saved as screenshots in ${locale}`, async ({ page }, testInfo) => {
    const shoot = async (name: string) => {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        const file = testInfo.outputPath(`${name}-${locale}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(`${name}-${locale}-${width}`, { path: file, contentType: "image/png" });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
    };
    await checkout(page, "1-year", "pd", uniqueEmail(`shot-${locale}`), { locale });
    await payWith(page, "4242 4242 4242 4242");
    await expect(page).toHaveURL(/\/paysuc\?order=ord_/, SEEN);
    await expect(
      page
        .getByRole("region", { name: text(locale, "paysuc", "details") })
        .locator("dd")
        .first(),
    ).toBeVisible(SEEN);
    await shoot("paysuc");

    // A second buyer in the same browser: signed out, the cookie banner answered as before.
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await page.context().addCookies([CONSENT_ANSWERED]);
    await checkout(page, "2-years", "pd", uniqueEmail(`shot-declined-${locale}`), { locale });
    await payWith(page, "4000 0000 0000 0002");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(locale, "paystatus", "failed.heading"), SEEN);
    await shoot("declined");
  });
}
