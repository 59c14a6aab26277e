import { expect as baseExpect, type Page, test } from "@playwright/test";
import { text } from "./checkout-helpers";

/** A visitor from a documentation address (TEST-NET-1): no geo database places it in a country. */
async function asVisitorOfNoCountry(page: Page) {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `192.0.2.${1 + Math.floor(Math.random() * 254)}` });
}

// The machine is shared with other test runs: pages may be slow to come.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

// Prices are server HTML (pages with prices render per request, decision 031): they are there
// without JavaScript, in the visitor's currency; with it, the "prices" island only makes the
// currency form submit itself.

/** A monthly price in a currency, as a card shows it ("$3.49 per month", "CA$4,79 pro Monat"; "A$" is not "$"). */
const perMonth = (symbol: string, words = "per month") =>
  new RegExp(`(^|[^A-Z])${symbol.replace("$", "\\$")}\\d+[.,]\\d\\d ${words}$`);

const currencySelect = (page: Page, locale = "en") => page.getByLabel(text(locale, "pricing", "currency"));
const chooseLinks = (page: Page, locale = "en") => page.getByRole("link", { name: text(locale, "pricing", "choose") });

async function expectPricedIn(page: Page, currency: string, symbol: string, locale = "en", words = "per month") {
  await expect(currencySelect(page, locale)).toHaveValue(currency);
  await expect(page.getByText(perMonth(symbol, words))).toHaveCount(3);
  const links = chooseLinks(page, locale);
  await expect(links).toHaveCount(3);
  for (const href of await links.evaluateAll((found) => found.map((link) => link.getAttribute("href")))) {
    expect(href).toMatch(new RegExp(`/pricing/checkout/[\\w-]+\\?currency=${currency}$`));
  }
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/pricing shows the plans in the default currency, with the saving badge", async ({ page }) => {
    await asVisitorOfNoCountry(page); // US dollars
    const response = await page.goto("/pricing");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "pricing", "heading"));
    await expectPricedIn(page, "USD", "$");
    await expect(page.getByText(/^Save up to \d+%$/)).toBeVisible();
    await expect(page.getByText(/^Save \d+%$/).first()).toBeVisible();
    await expect(page.getByRole("button", { name: text("en", "pricing", "currencySubmit") })).toBeVisible();
  });

  test("the currency form reloads /pricing in the chosen currency and remembers it", async ({ page, context }) => {
    await asVisitorOfNoCountry(page);
    await page.goto("/pricing");
    await currencySelect(page).selectOption("GBP");
    await page.getByRole("button", { name: text("en", "pricing", "currencySubmit") }).click();
    await expect(page).toHaveURL(/\/pricing\?currency=GBP$/);
    await expectPricedIn(page, "GBP", "£");
    expect((await context.cookies()).find((cookie) => cookie.name === "currency")?.value).toBe("GBP");

    // Another page, no currency in its address: still pounds.
    await page.goto("/");
    await expect(page.getByText(perMonth("£"))).toHaveCount(3);
    await page.goto("/download/windows");
    await expect(page.getByText(perMonth("£"))).toHaveCount(3);
  });

  test("/de/pricing is in German, prices and form included", async ({ page }) => {
    await asVisitorOfNoCountry(page);
    await page.goto("/de/pricing?currency=CAD");
    await expect(page.locator("html")).toHaveAttribute("lang", /^de/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("de", "pricing", "heading"));
    await expectPricedIn(page, "CAD", "CA$", "de", "pro Monat");
    await expect(page.getByRole("button", { name: text("de", "pricing", "currencySubmit") })).toBeVisible();
    await expect(chooseLinks(page, "de").first()).toHaveAttribute("href", /^\/de\/pricing\/checkout\//);
  });

  test("home shows the plans in the visitor's country's currency", async ({ page }) => {
    // A visitor from the United Kingdom (the e2e server trusts loopback proxies).
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": "81.2.69.160" });
    await page.goto("/");
    await expect(page.getByText(perMonth("£"))).toHaveCount(3);
    await expect(chooseLinks(page).first()).toHaveAttribute("href", /\/pricing\/checkout\/[\w-]+\?currency=GBP$/);
  });
});

test.describe("with JavaScript", () => {
  test("changing the currency reloads /pricing in it, and a plan leads to its checkout in that currency", async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await asVisitorOfNoCountry(page);
    await page.goto("/pricing");
    await expectPricedIn(page, "USD", "$");
    // The island makes the button needless: picking is enough.
    await expect(page.getByRole("button", { name: text("en", "pricing", "currencySubmit") })).toBeHidden();
    await currencySelect(page).selectOption("CAD");
    await expect(page).toHaveURL(/\/pricing\?currency=CAD$/);
    await expectPricedIn(page, "CAD", "CA$");
    expect(problems).toEqual([]);

    await chooseLinks(page).nth(1).click();
    await expect(page).toHaveURL(/\/pricing\/checkout\/[\w-]+\?currency=CAD$/);
    await expect(page.locator("aside")).toContainText("CAD", { timeout: 45_000 });
  });
});
