import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { sandboxPurchase, uniqueEmail } from "./account-helpers";
import { text } from "./checkout-helpers";
import { hydrated, watchConsole } from "./journey-helpers";
import { mailsTo } from "./mail-catcher";

// The account's own data (decision 041): a customer with a sandbox subscription downloads the
// export from the "Your data" card, then deletes the account with their password; the farewell
// mail arrives in the account's language and the session is gone. Screenshots and axe in en and ar.
test.describe.configure({ timeout: 180_000 });

const PASSWORD = "Sturdy-Pass9!";
const _P = "/api/mms/payment/v1/providers";

/** A customer who bought a plan on the sandbox's hosted page, in their language. */
async function subscriber(request: APIRequestContext, email: string, language: string) {
  const { orderId } = await sandboxPurchase(request, { email, password: PASSWORD, plan: "1-year", language });
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

for (const locale of ["en", "ar"] as const) {
  test(`export and delete an account with a subscription in ${locale}`, async ({ page, request }) => {
    const t = (key: string) => text(locale, "myaccount", key);
    const email = uniqueEmail(`erase-${locale}`);
    const orderId = await subscriber(request, email, locale);
    const errors = watchConsole(page);
    const prefix = locale === "en" ? "" : `/${locale}`;
    await logIn(page, prefix, email);

    const dataCard = card(page, t("data.title"));
    await expect(dataCard.getByRole("button", { name: t("data.download") })).toBeVisible({ timeout: 45_000 });
    await expect(card(page, t("subscription.title"))).toContainText(t("status.active"), { timeout: 45_000 });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await dataCard.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/data-${locale}-${width}.png`, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }

    // The export: a file download, with the order and the note about analytics in the customer's language.
    const downloading = page.waitForEvent("download");
    await dataCard.getByRole("button", { name: t("data.download") }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^account-data-\d{4}-\d\d-\d\d\.json$/);
    const file = JSON.parse(readFileSync(String(await download.path()), "utf8"));
    expect(file.data.users[0].email).toBe(email.toLowerCase());
    expect(file.data.orders.map((order: { id: string }) => order.id)).toEqual([orderId]);
    expect(file.data.subscriptions).toHaveLength(1);
    // The notes and the last mail speak the account's language (the one it signed up in).
    const accountLanguage = String(file.data.users[0].locale);
    expect(file.about.analytics).toBe(text(accountLanguage, "email", "export.analytics"));
    await expect(dataCard.getByRole("status").last()).toHaveText(t("data.downloaded"));

    // The deletion: a second step asking for the password; a wrong one changes nothing.
    await dataCard.getByRole("button", { name: t("data.deleteStart") }).click();
    const password = dataCard.getByLabel(text(locale, "forms", "password.currentLabel"), { exact: true });
    await expect(password).toBeFocused();
    await password.fill("Wrong-Pass9!");
    await dataCard.getByRole("button", { name: t("data.deleteSubmit") }).click();
    await expect(dataCard).toContainText(text(locale, "forms", "password.wrong"));
    await page.screenshot({ path: `/tmp/data-${locale}-confirm-390.png`, fullPage: true });
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);

    await password.fill(PASSWORD);
    await dataCard.getByRole("button", { name: t("data.deleteSubmit") }).click();
    await expect(dataCard.getByText(t("data.deleted"))).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `/tmp/data-${locale}-deleted-390.png`, fullPage: true });

    // The farewell mail, in the customer's language, read from the SMTP receiver.
    const subject = text(accountLanguage, "email", "deleted.subject");
    await expect
      .poll(() => mailsTo(String(process.env.E2E_MAIL_DIR), email).map((mail) => mail.subject), { timeout: 30_000 })
      .toContain(subject);
    const mail = mailsTo(String(process.env.E2E_MAIL_DIR), email).find((each) => each.subject === subject);
    expect(mail?.text).toContain(text(accountLanguage, "email", "deleted.renewal"));
    // The one failed request is the wrong password's 400, which the browser logs; nothing else went wrong.
    expect(errors).toEqual(["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);

    // The session is gone: the account page sends the visitor to sign in, and the password no longer works.
    await page.goto(`${prefix}/myaccount`);
    await page.waitForURL(`**${prefix}/login**`, { timeout: 30_000 });
    const signIn = await request.post("/api/mms/account/v1/web/login", {
      headers: { "X-App-Type": "101" },
      data: { email, password: PASSWORD, recasign: "" },
    });
    expect((await signIn.json()).code).not.toBe(200);
  });
}
