import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { sandboxPurchase, uniqueEmail } from "./account-helpers";
import { text } from "./checkout-helpers";
import { hydrated, watchConsole } from "./journey-helpers";
import { mailsTo } from "./mail-catcher";

// Money back within the window (decision 035), through the sandbox processor: a customer buys,
// asks for a refund on their account page, confirms in the in-page dialog; VIP ends, devices over
// the free limit go, the confirmation mail arrives in their language. Screenshots in en and ar.
test.describe.configure({ timeout: 180_000 });

const PASSWORD = "Sturdy-Pass9!";
const _P = "/api/mms/payment/v1/providers";

/**
 * A customer who bought a plan in their language (as the checkout page sends it) on the sandbox's
 * hosted page, with six apps bound (the plan allows 10).
 */
async function buyer(request: APIRequestContext, email: string, language: string) {
  const { app, orderId } = await sandboxPurchase(request, { email, password: PASSWORD, plan: "2-years", language });
  for (let n = 1; n <= 6; n++) {
    const bound = await request.post("/api/mms/account/v1/web/device/bind", {
      headers: { ...app, "X-App-Type": "512" },
      data: { device_id: `pc-${n}`, device_name: `Computer ${n}` },
    });
    expect((await bound.json()).code).toBe(200);
  }
  return String(orderId);
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
/** A catalogue sentence with its places matching anything (an amount, a date formatted by the browser). */
const pattern = (sentence: string) =>
  new RegExp(sentence.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/{{\w+}}/g, ".+"));

for (const locale of ["en", "ar"] as const) {
  test(`a first purchase refunded from the account in ${locale}: VIP ends, devices trimmed, mail received`, async ({
    page,
    request,
  }) => {
    const t = (key: string) => text(locale, "myaccount", key);
    const email = uniqueEmail(`refund-${locale}`);
    const orderId = await buyer(request, email, locale);
    const errors = watchConsole(page);
    const prefix = locale === "en" ? "" : `/${locale}`;
    await logIn(page, prefix, email);

    const refundCard = card(page, t("refund.title"));
    // The cards load on their own after hydration; on a busy machine that can take a while.
    await expect(refundCard).toContainText(pattern(t("refund.eligible")), { timeout: 45_000 });
    await expect(refundCard.locator('bdi[dir="ltr"]').first()).toContainText("USD");
    await expect(page.getByText("Computer 6")).toBeVisible();
    const profile = card(page, t("profile.title"));
    await expect(profile).not.toContainText(t("profile.free"));

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await refundCard.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/refunds-${locale}-${width}.png`, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }

    // Not now: the dialog closes, nothing changes.
    const button = refundCard.getByRole("button", { name: t("refund.button") });
    await button.click();
    const dialog = page.getByRole("dialog", { name: t("refund.confirmTitle") });
    await expect(dialog).toContainText(pattern(t("refund.confirm")));
    await page.screenshot({ path: `/tmp/refunds-${locale}-dialog-390.png` });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await dialog.getByRole("button", { name: t("refund.confirmButton") }).click();
    await expect(refundCard.getByRole("status")).toHaveText(pattern(t("refund.refunded")));
    // The cards a refund changes read it at once: no VIP, the subscription ended, five devices left.
    await expect(profile).toContainText(t("profile.free"), { timeout: 20_000 });
    await expect(card(page, t("subscription.title"))).toContainText(t("status.expired"));
    await expect(page.getByText("Computer 5")).toBeVisible();
    await expect(page.getByText("Computer 6")).toHaveCount(0);
    await expect(refundCard).toContainText(pattern(t("refund.alreadyRefunded")));
    await expect(refundCard.getByRole("button", { name: t("refund.button") })).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: `/tmp/refunds-${locale}-done-390.png`, fullPage: true });

    // The confirmation, in the customer's language.
    const subject = text(locale, "email", "refund.subject").replace("{{order}}", orderId);
    await expect
      .poll(() => mailsTo(String(process.env.E2E_MAIL_DIR), email).map((mail) => mail.subject), { timeout: 30_000 })
      .toContain(subject);
    const mail = mailsTo(String(process.env.E2E_MAIL_DIR), email).find((each) => each.subject === subject);
    expect(mail?.text).toContain(text(locale, "email", "refund.devices"));

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    expect(errors).toEqual([]);
  });
}
