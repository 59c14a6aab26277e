import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { sandboxPurchase, uniqueEmail } from "./account-helpers";
import { text } from "./checkout-helpers";
import { hydrated, watchConsole } from "./journey-helpers";

// The plan switcher (decision 037) through the sandbox processor: a customer on the monthly plan
// sees it on /pricing and in the account, upgrades to the yearly plan now (the prorated price shown
// first, then the device limit raised), and schedules a move back at the renewal, which the card
// then shows. Screenshots of the card in en and ar at 1280 and 390 px.
test.describe.configure({ timeout: 240_000 });

const PASSWORD = "Sturdy-Pass9!";
const _P = "/api/mms/payment/v1/providers";

/** A customer who bought the monthly plan on the sandbox's hosted page, with five apps bound (its limit). */
async function monthlyBuyer(request: APIRequestContext, email: string, language: string) {
  const { app } = await sandboxPurchase(request, {
    email,
    password: PASSWORD,
    plan: "1-month",
    currency: "USD",
    language,
  });
  const bind = (n: number) =>
    request.post("/api/mms/account/v1/web/device/bind", {
      headers: { ...app, "X-App-Type": "512" },
      data: { device_id: `pc-${n}`, device_name: `Computer ${n}` },
    });
  for (let n = 1; n <= 5; n++) expect((await (await bind(n)).json()).code).toBe(200);
  // The sixth is over the monthly plan's limit.
  expect((await (await bind(6)).json()).code).toBe(40107);
  return { bind };
}

async function logIn(page: Page, prefix: string, email: string) {
  await page.goto(`${prefix}/login`);
  await hydrated(page);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`**${prefix}/myaccount`, { timeout: 30_000 });
}

const card = (page: Page, title: string) =>
  page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });
/** A catalogue sentence with its places matching anything (an amount, a date, a plan's name). */
const pattern = (sentence: string) =>
  new RegExp(sentence.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/{{\w+}}/g, ".+"));

for (const locale of ["en", "ar"] as const) {
  test(`a subscriber upgrades now and schedules a switch at the renewal in ${locale}`, async ({ page, request }) => {
    const t = (key: string) => text(locale, "myaccount", key);
    const tp = (key: string) => text(locale, "pricing", key);
    /** "Up to N devices" in the plural form the language uses for N. */
    const devices = (count: number) =>
      tp(`devices_${new Intl.PluralRules(locale).select(count)}`).replace("{{count}}", String(count));
    const email = uniqueEmail(`switch-${locale}`);
    const { bind } = await monthlyBuyer(request, email, locale);
    const errors = watchConsole(page);
    const prefix = locale === "en" ? "" : `/${locale}`;
    await logIn(page, prefix, email);

    // /pricing marks the plan and offers the others as switches.
    await page.goto(`${prefix}/pricing`);
    const own = page.locator('[data-plan-action="1-month"] a');
    await expect(own).toHaveText(tp("switch.yourPlan"), { timeout: 30_000 });
    await expect(own).toHaveAttribute("aria-current", "true");
    const yearly = page.locator('[data-plan-action="1-year"] a');
    await expect(yearly).toHaveText(tp("switch.switchTo"));
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/plan-switch-${locale}-pricing-${width}.png`, fullPage: true });
    }
    await yearly.click();
    await page.waitForURL(/\/myaccount\?switch=1-year#plan-switch$/);

    const planCard = card(page, t("planSwitch.title"));
    await expect(planCard.locator('input[name="switch-plan"][value="1-year"]')).toBeChecked({ timeout: 45_000 });
    await expect(planCard.locator('input[name="switch-timing"][value="now"]')).toBeChecked();
    await expect(planCard).toContainText(devices(5));
    // The price the processor will charge, before anything is confirmed: in dollars, under the yearly price.
    const preview = planCard.getByTestId("plan-switch-preview");
    await expect(preview).toHaveText(pattern(t("planSwitch.previewNow")));
    await expect(preview.locator('bdi[dir="ltr"]')).toContainText("USD");

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await planCard.scrollIntoViewIfNeeded();
      await planCard.screenshot({ path: `/tmp/plan-switch-${locale}-${width}.png` });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }

    // Not now first: nothing changes; then confirmed.
    const switchButton = planCard.getByRole("button", { name: t("planSwitch.switch") });
    await switchButton.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(pattern(t("planSwitch.previewNow")));
    await page.screenshot({ path: `/tmp/plan-switch-${locale}-dialog-390.png` });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await switchButton.click();
    await dialog.getByRole("button", { name: t("planSwitch.confirmButton") }).click();
    await expect(planCard.getByRole("status")).toHaveText(pattern(t("planSwitch.switchedNow")), { timeout: 20_000 });
    // The yearly plan allows eight devices: the card says so, and a sixth app can bind now.
    await expect(planCard).toContainText(devices(8));
    expect((await (await bind(6)).json()).code).toBe(200);

    // Back to the monthly plan: cheaper, so only at the renewal.
    await planCard.locator('input[name="switch-plan"][value="1-month"]').check();
    await expect(planCard.locator('input[name="switch-timing"][value="now"]')).toBeDisabled();
    await expect(planCard.locator('input[name="switch-timing"][value="at_renewal"]')).toBeChecked();
    await expect(planCard).toContainText(t("planSwitch.why.not_an_upgrade"));
    await expect(preview).toHaveText(pattern(t("planSwitch.previewRenewal")));
    await switchButton.click();
    await dialog.getByRole("button", { name: t("planSwitch.confirmButton") }).click();
    await expect(planCard.getByRole("status")).toHaveText(pattern(t("planSwitch.switchedRenewal")));
    await expect(planCard).toContainText(pattern(t("planSwitch.scheduled")));
    const keep = planCard.getByRole("button", { name: t("planSwitch.keepCurrent") });
    await expect(keep).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await planCard.scrollIntoViewIfNeeded();
      await planCard.screenshot({ path: `/tmp/plan-switch-${locale}-scheduled-${width}.png` });
    }
    // Shown again after a reload: the switch is stored.
    await page.reload();
    await expect(planCard).toContainText(pattern(t("planSwitch.scheduled")), { timeout: 45_000 });

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    expect(errors).toEqual([]);
  });
}
