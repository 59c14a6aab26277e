import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { localizePath } from "../../universal/i18n/locales";
import { uniqueEmail } from "./account-helpers";
import { asNewVisitor, payWith, text } from "./checkout-helpers";
import { hydrated } from "./journey-helpers";
import { operator } from "./operator";

// Coupons through the sandbox (decision 034): the operator publishes a code, the buyer follows a
// ?coupon= link, sees the new price before paying and pays exactly that; refusals are told next
// to the field in the buyer's language.
test.describe.configure({ timeout: 120_000 });

/**
 * What axe finds in the order summary, where the coupon lives (the accessibility spec's rules).
 * The summary only: the checkout's plan cards have a heading-order finding of their own.
 */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .include("aside")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const newCode = (prefix: string) => `${prefix}${randomBytes(4).toString("hex").toUpperCase()}`;

async function openCheckout(page: Page, locale: "en" | "ar" | "de", query = "") {
  await asNewVisitor(page);
  await page.goto(`${localizePath("/pricing/checkout/1-year", locale)}${query}`);
  await hydrated(page);
  await expect(page.locator('input[name="plan"]:checked')).toHaveValue("1-year", { timeout: 45_000 });
}

test("a ?coupon= link shows the discounted price, and the sandbox charges exactly that", async ({ page, request }) => {
  const code = newCode("WELCOME");
  const published = await operator(request).createCoupon({ code, percent_off: 25, plan_ids: ["1-year"] });
  expect(published.status()).toBe(200);

  await openCheckout(page, "en", `?coupon=${code.toLowerCase()}`);
  // 47.88 less 25% (11.97) = 35.91, before any payment page.
  // The code and the amount sit in isolates (U+2068/U+2066 … U+2069) inside the sentence.
  await expect(page.getByRole("status").filter({ hasText: code })).toContainText(
    /Coupon .+ applied: you save .\$11\.97/,
    {
      timeout: 30_000,
    },
  );
  const total = page.locator("[data-total]");
  await expect(total).toHaveText("$35.91 USD");
  await expect(page.getByText("Renews automatically at $35.91 every 12 months")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.locator('input[name="email"]').fill(uniqueEmail("coupon"));
  await page.locator('input[name="provider"][value="s1"]').check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await page.waitForURL(/\/sandbox\/checkout\/ord_/, { timeout: 60_000 });
  await expect(page.locator("body")).toContainText("USD 35.91");
  await payWith(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/paysuc\?order=/, { timeout: 60_000 });
  await expect(page.locator("main")).toContainText("$35.91", { timeout: 30_000 });

  const listed = await request.get("/api/operator/v1/coupons", {
    headers: { Authorization: "Bearer e2e-operator-token-0123456789abcdef" },
  });
  const coupons = (await listed.json()).data.coupons as Array<{ code: string; redemptions: number }>;
  expect(coupons.find((coupon) => coupon.code === code)?.redemptions).toBe(1);
});

test("refusals are told next to the field in the buyer's language, and nothing is paid at another price", async ({
  page,
  request,
}) => {
  const expired = newCode("OLD");
  await operator(request).createCoupon({
    code: expired,
    percent_off: 10,
    starts_at: "2020-01-01T00:00:00Z",
    ends_at: "2020-02-01T00:00:00Z",
  });
  const monthly = newCode("MONTHLY");
  await operator(request).createCoupon({ code: monthly, percent_off: 10, plan_ids: ["1-month"] });

  await openCheckout(page, "ar");
  const field = page.getByLabel(text("ar", "pricing", "checkout.coupon.label"));
  const couponError = page.locator("[data-coupon] [data-field-error]");
  const apply = page.getByRole("button", { name: text("ar", "pricing", "checkout.coupon.apply") });
  await field.fill("NO-SUCH-CODE");
  await apply.click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(couponError).toHaveText(text("ar", "forms", "coupon.unknown"));
  expect(await axeViolations(page)).toEqual([]);

  // Enter in the coupon field applies the code; it does not submit the payment.
  await field.fill(expired);
  await field.press("Enter");
  await expect(couponError).toHaveText(text("ar", "forms", "coupon.expired"));
  await expect(page.locator("[data-field-error]")).toHaveCount(1);

  await field.fill(monthly);
  await apply.click();
  await expect(couponError).toHaveText(text("ar", "forms", "coupon.plan"));
  // Paying with a refused code typed in stays on the checkout: the field is what needs the buyer.
  await page.locator('input[name="email"]').fill(uniqueEmail("coupon-refused"));
  await page.getByRole("button", { name: text("ar", "pricing", "checkout.pay") }).click();
  await expect(field).toBeFocused();
  expect(page.url()).toContain("/ar/pricing/checkout/1-year");

  // The same code is good for its own plan.
  await page.locator('input[name="plan"][value="1-month"]').check({ force: true });
  await expect(page.getByRole("status").filter({ hasText: monthly })).toBeVisible({ timeout: 30_000 });
});
