import { expect as baseExpect, type Page, test } from "@playwright/test";
import { LOCALES, type Locale } from "../../universal/i18n/locales";
import { uniqueEmail } from "./account-helpers";
import {
  clickNav,
  ENGLISH_VISITOR,
  expectLanguage,
  expectNoErrorScreen,
  SCREENS,
  type Screen,
  text,
  VISITORS,
  visitorContext,
  watchProblems,
} from "./journey-helpers";

// Visitors browse by clicking, as people do: in English, with a German browser, with the locale
// cookie an earlier visit left, and in Arabic, on a phone and on a desktop. Any console error,
// failed request to the app, error screen or not-found screen fails the journey.
test.describe.configure({ timeout: 180_000 });
// A page load or an app's client navigation (which fetches the route's code and data first) can
// take longer than the default 5 s on a busy CI machine.
const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * The visitor's first request: `/`, which the site answers in their language. The home page is a
 * document (no React): it is ready when its heading shows and the page has loaded.
 */
async function arrive(page: Page, locale: Locale): Promise<void> {
  await page.goto("/");
  await expectLanguage(page, locale);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

async function finish(page: Page, locale: Locale, problems: string[]): Promise<void> {
  await expectNoErrorScreen(page, locale);
  expect(problems).toEqual([]);
}

for (const screen of SCREENS) {
  for (const visitor of VISITORS) {
    const locale = visitor.expect;
    test.describe(`${visitor.name} on a ${screen.name}`, () => {
      test("buys a plan from the home page and reaches the account", async ({ browser, baseURL }) => {
        const context = await visitorContext(browser, String(baseURL), visitor, screen);
        const page = await context.newPage();
        const problems = watchProblems(page, String(baseURL), locale);
        await arrive(page, locale);

        await clickNav(page, screen, locale, "pricing");
        await expect(page.getByRole("heading", { level: 1, name: text(locale, "pricing", "heading") })).toBeVisible();
        await expectLanguage(page, locale);
        // The plan cards may fill in from the API after the page has loaded; choose the second card's plan.
        const choose = page.getByRole("link", { name: text(locale, "pricing", "choose") });
        await expect(choose.nth(1)).toBeVisible({ timeout: 20_000 });
        await choose.nth(1).click();

        await expect(page).toHaveURL(/\/pricing\/checkout\/[\w-]+/);
        await expectLanguage(page, locale);
        await expect(page.locator('input[name="plan"]:checked')).toHaveCount(1, { timeout: 20_000 });
        await page.locator('input[name="email"]').fill(uniqueEmail(`journey-${locale}`));
        await page.getByRole("button", { name: text(locale, "pricing", "checkout.pay") }).click();

        // The sandbox processor's hosted page stands in for the provider's.
        await page.waitForURL(/\/sandbox\/checkout\/ord_/, { timeout: 60_000 });
        await page.getByLabel("Card number").fill("4242 4242 4242 4242");
        await page.getByRole("button", { name: "Pay" }).click();

        await expect(page).toHaveURL(/\/paysuc\?/, { timeout: 30_000 });
        await expectLanguage(page, locale);
        await expect(page.getByRole("heading", { level: 1, name: text(locale, "paysuc", "heading") })).toBeVisible();
        // The order and the set-password step fill in once the order is read: then the page holds still.
        await expect(page.getByText(/ord_[0-9a-f]+/)).toBeVisible();
        await expect(
          page.getByRole("heading", { level: 2, name: text(locale, "paysuc", "password.heading") }),
        ).toBeVisible();
        await page.getByRole("link", { name: text(locale, "paysuc", "account") }).click();

        await expect(page).toHaveURL(/\/myaccount$/);
        await expectLanguage(page, locale);
        await expect(
          page.getByRole("heading", { name: text(locale, "myaccount", "subscription.title") }),
        ).toBeVisible();
        await finish(page, locale, problems);
        await context.close();
      });

      test("reads the blog: an article, its category, another article", async ({ browser, baseURL }) => {
        const context = await visitorContext(browser, String(baseURL), visitor, screen);
        const page = await context.newPage();
        const problems = watchProblems(page, String(baseURL), locale);
        await arrive(page, locale);

        await clickNav(page, screen, locale, "blog");
        await expect(page).toHaveURL(/\/blog$/);
        await expectLanguage(page, locale);
        const firstArticle = page.locator("main article :is(h2, h3) a").first();
        const title = (await firstArticle.textContent())?.trim() ?? "";
        await firstArticle.click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
        await expectLanguage(page, locale);

        await page.locator("main a[href*='/blog/category/']").first().click();
        await expect(page).toHaveURL(/\/blog\/category\/[\w-]+$/);
        const listed = page.locator("main article :is(h2, h3) a");
        await expect(listed.first()).toBeVisible();
        const other = (await listed.first().textContent())?.trim() ?? "";
        await listed.first().click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(other);
        await finish(page, locale, problems);
        await context.close();
      });

      test("uses the free tools from the header", async ({ browser, baseURL }) => {
        const context = await visitorContext(browser, String(baseURL), visitor, screen);
        const page = await context.newPage();
        const problems = watchProblems(page, String(baseURL), locale);
        await arrive(page, locale);

        await clickToolLink(page, screen, locale, "nav.whatIsMyIp");
        await expect(page).toHaveURL(/\/what-is-my-ip$/);
        await expectLanguage(page, locale);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

        await clickToolLink(page, screen, locale, "nav.webrtcLeakTest");
        await expect(page).toHaveURL(/\/webrtc-leak-test$/);
        await expectLanguage(page, locale);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await finish(page, locale, problems);
        await context.close();
      });
    });
  }

  test(`an English visitor on a ${screen.name} switches to German with the language menu and keeps browsing`, async ({
    browser,
    baseURL,
  }) => {
    const context = await visitorContext(browser, String(baseURL), ENGLISH_VISITOR, screen);
    const page = await context.newPage();
    const problems = watchProblems(page, String(baseURL), "de");
    await arrive(page, "en");
    await clickNav(page, screen, "en", "pricing");
    await expect(page).toHaveURL(/\/pricing$/);

    const current = LOCALES.find((entry) => entry.code === "en")?.name ?? "English";
    await page
      .locator("header")
      .getByLabel(text("en", "common", "language.current", { language: current }))
      .click();
    await page.locator("header").getByRole("link", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(/\/de\/pricing$/);
    await expectLanguage(page, "de");
    await expect(page.getByRole("heading", { level: 1, name: text("de", "pricing", "heading") })).toBeVisible();

    // The cookie the menu set now sends unprefixed links to German; each link is a page load of a
    // German document.
    await clickNav(page, screen, "de", "download");
    await expect(page).toHaveURL(/\/de\/download$/);
    await expectLanguage(page, "de");
    await clickNav(page, screen, "de", "servers");
    await expect(page).toHaveURL(/\/de\/vpn-server$/);
    await expectLanguage(page, "de");
    await finish(page, "de", problems);
    await context.close();
  });
}

/** Opens the header's tools menu (inside the menu panel on a phone) unless the link already shows. */
async function clickToolLink(page: Page, screen: Screen, locale: Locale, key: string): Promise<void> {
  const header = page.locator("header").first();
  const link = header.getByRole("link", { name: text(locale, "header", key), exact: true }).filter({ visible: true });
  if (!(await link.count())) {
    if (screen.isMobile) {
      const open = text(locale, "header", "menu.open");
      await header
        .getByRole("button", { name: open })
        .or(header.locator("summary", { hasText: open }))
        .first()
        .click();
    }
    const tools = text(locale, "header", "nav.tools");
    await header
      .getByRole("button", { name: tools, exact: true })
      .or(header.locator("summary", { hasText: tools }))
      .filter({ visible: true })
      .first()
      .click();
  }
  await link.first().click();
}
