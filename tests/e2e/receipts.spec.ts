import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { localizePath } from "../../universal/i18n/locales";
import { uniqueEmail } from "./account-helpers";
import { checkout, payWith, text } from "./checkout-helpers";
import { hydrated, watchConsole } from "./journey-helpers";
import { mailsTo } from "./mail-catcher";

// Buy through the sandbox, follow the receipt mail's link to the receipt page, download its PDF,
// then find the same payment in the account, edit the billing details and see them on the receipt.
// Screenshots of the account's payments and billing cards in en and ar at 390 and 1280 px.
test.describe.configure({ timeout: 240_000 });
const SEEN = { timeout: 60_000 };

const card = (page: Page, title: string) =>
  page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });

const BUYERS = {
  en: { name: "Ada Lovelace", address: "12 St James's Square\nLondon SW1Y 4JH\nUnited Kingdom", planName: "1 year" },
  ar: { name: "محمد العلي", address: "شارع الملك فهد 12\nالرياض\nالسعودية", planName: "سنة" },
} as const;

for (const locale of ["en", "ar"] as const) {
  test(`a buyer in ${locale} gets the receipt mail, opens the receipt, downloads its PDF and finds the payment in the account`, async ({
    page,
  }) => {
    const buyer = BUYERS[locale];
    const email = uniqueEmail(`receipts-${locale}`);
    await checkout(page, "1-year", "s1", email, { locale, query: "?currency=USD" });
    await payWith(page, "4242 4242 4242 4242");
    await expect(page).toHaveURL(/\/paysuc\?order=ord_/, SEEN);
    const order = new URL(page.url()).searchParams.get("order") ?? "";
    const errors = watchConsole(page);

    // The receipt mail, once, in the buyer's language, with the link to the receipt page.
    const dir = String(process.env.E2E_MAIL_DIR);
    await expect.poll(() => mailsTo(dir, email).filter((mail) => mail.subject.includes(order)).length, SEEN).toBe(1);
    const mail = mailsTo(dir, email).find((each) => each.subject.includes(order));
    const link = mail?.html.match(/href="([^"]+\/myaccount\/receipts\/[^"]+)"/)?.[1] ?? "";
    expect(mail?.text).toContain(link);
    const receiptPath = new URL(link).pathname;
    expect(receiptPath).toBe(localizePath(`/myaccount/receipts/${order}`, locale));

    // One click: the receipt page (the checkout signed the buyer in).
    await page.goto(receiptPath);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(locale, "email", "receipt.documentTitle"));
    const receipt = page.locator("article");
    await expect(receipt.locator('bdi[dir="ltr"]', { hasText: order })).toBeVisible();
    await expect(receipt).toContainText(buyer.planName);
    await expect(receipt).toContainText(text(locale, "email", "receipt.statusPaid"));
    const amount =
      (await receipt
        .locator("bdi", { hasText: /\$\d+\.\d\d USD/ })
        .first()
        .textContent()) ?? "";
    expect(amount).toMatch(/^\$\d+\.\d\d USD$/);
    await expect(receipt).toContainText(email);

    // The PDF: a real PDF naming the order and the amount.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: text(locale, "myaccount", "receiptPage.download") }).click();
    const file = await (await download).path();
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getSubject()).toBe(`${order}: ${amount}`);

    // The same payment in the account.
    await page
      .getByRole("link", { name: text(locale, "myaccount", "receiptPage.back") })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${localizePath("/myaccount", locale)}$`), SEEN);
    const payments = card(page, text(locale, "myaccount", "payments.title"));
    const item = payments.locator(`li[data-order="${order}"]`);
    await expect(item).toContainText(amount, SEEN);
    await expect(item).toContainText(buyer.planName);
    await expect(item).toContainText(text(locale, "myaccount", "payments.statuses.paid"));
    await expect(item).toContainText(text(locale, "pricing", "checkout.providers.s1"));

    // Billing details: a bad VAT ID is refused under its field, a good one is saved.
    const details = card(page, text(locale, "myaccount", "billingDetails.title"));
    await details.getByLabel(text(locale, "myaccount", "billingDetails.name")).fill(buyer.name);
    await details.getByLabel(text(locale, "myaccount", "billingDetails.address")).fill(buyer.address);
    const vat = details.getByLabel(text(locale, "myaccount", "billingDetails.vatId"));
    await vat.fill("12345");
    const save = details.getByRole("button", { name: text(locale, "myaccount", "billingDetails.save") });
    await save.click();
    await expect(details.getByRole("alert")).toHaveText(text(locale, "myaccount", "billingDetails.errors.vatInvalid"));
    await expect(vat).toHaveAttribute("aria-invalid", "true");
    await vat.fill("de 123 456 789");
    await save.click();
    await expect(details.getByRole("status")).toHaveText(text(locale, "myaccount", "billingDetails.saved"), SEEN);
    await expect(vat).toHaveValue("DE123456789");

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await payments.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/receipts-account-${locale}-${width}.png`, fullPage: true });
    }
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);

    // The receipt now prints the buyer's details.
    await item.getByRole("link", { name: text(locale, "myaccount", "payments.receipt") }).click();
    await expect(page).toHaveURL(new RegExp(`/myaccount/receipts/${order}$`), SEEN);
    await expect(receipt).toContainText(buyer.name);
    await expect(receipt).toContainText("DE123456789");
    await expect(receipt).toContainText(buyer.address.split("\n")[1] ?? "");
    const receiptAxe = await new AxeBuilder({ page }).analyze();
    expect(receiptAxe.violations.map((violation) => violation.id)).toEqual([]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/receipts-page-${locale}-${width}.png`, fullPage: true });
    }
    expect(errors).toEqual([]);
  });
}

test("a receipt is the buyer's alone: someone else's order is a 404, and a visitor without a session goes to log in", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("receipts-private");
  await checkout(page, "1-month", "ps", email);
  await payWith(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/paysuc\?order=ord_/, SEEN);
  const order = new URL(page.url()).searchParams.get("order") ?? "";

  // Another buyer, signed in, asks for the first buyer's receipt and its PDF.
  const other = await browser.newPage();
  await checkout(other, "1-month", "ps", uniqueEmail("receipts-other"));
  await payWith(other, "4242 4242 4242 4242");
  await expect(other).toHaveURL(/\/paysuc\?order=ord_/, SEEN);
  expect((await other.goto(`/myaccount/receipts/${order}`))?.status()).toBe(404);
  expect((await other.request.get(`/myaccount/receipts/${order}/pdf`)).status()).toBe(404);
  await other.close();

  const anonymous = await browser.newPage();
  await anonymous.goto(`/myaccount/receipts/${order}`);
  await expect(anonymous).toHaveURL(/\/login\?redirect=/);
  await anonymous.close();
});
