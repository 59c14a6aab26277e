import { expect, type Page, test } from "@playwright/test";
import { LOCALES, localeInfo, localizePath } from "../../universal/i18n/locales";
import { asNewVisitor, text } from "./checkout-helpers";
import { hydrated } from "./journey-helpers";

// The scripts the first eleven languages did not have: Persian (right to left, its own digits),
// Thai (no spaces between words) and Devanagari, with the platform's fonts. Screenshots of home,
// pricing and the checkout at a phone's and a desktop's width (the account page's are in
// account-subscription.spec.ts), saved under test-results/: look at them after changing a layout.
// Each must fit its width.

// Full-page screenshots at two widths, and the checkout's hydration, take a while on a busy machine.
test.describe.configure({ timeout: 90_000 });

const SHOWN = ["fa", "th", "hi"] as const;
const PAGES = [
  { name: "home", rest: "/" },
  { name: "pricing", rest: "/pricing" },
  { name: "checkout", rest: "/pricing/checkout/1-year" },
] as const;

/** The page's heading, and on the checkout the plans it loads after hydration. */
async function ready(page: Page, name: string) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  if (name === "checkout") {
    await hydrated(page);
    await expect(page.locator('input[name="plan"]:checked')).toHaveValue("1-year", { timeout: 45_000 });
  }
}

for (const locale of SHOWN) {
  for (const { name, rest } of PAGES) {
    test(`${name} in ${locale}: screenshots at 390 and 1280 px, nothing sticking out`, async ({ page }, testInfo) => {
      await asNewVisitor(page);
      await page.goto(localizePath(rest, locale));
      await expect(page.locator("html")).toHaveAttribute("dir", localeInfo(locale).dir);
      await ready(page, name);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        const file = testInfo.outputPath(`${name}-${locale}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(`${name}-${locale}-${width}`, { path: file, contentType: "image/png" });
        // What a phone shows first, at a size that can be read.
        if (width === 390) await page.screenshot({ path: testInfo.outputPath(`${name}-${locale}-390-top.png`) });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
    });
  }
}

test("Persian prices and savings are written in Persian digits, the dollar sign before them", async ({ page }) => {
  await asNewVisitor(page);
  await page.goto("/fa/pricing");
  const price = page
    .locator("main")
    .getByText(/\$[۰-۹]+٫[۰-۹]{2}/)
    .first();
  await expect(price).toBeVisible();
  await expect(page.locator("main")).not.toContainText(/\$\d/);
  // The savings too ("۷۳%"), though the API writes them "73%".
  await expect(
    page
      .locator("main")
      .getByText(/[۰-۹]+%/)
      .first(),
  ).toBeVisible();
  await expect(page.locator("main")).not.toContainText(/\d%/);
  // The footer's copyright year as well.
  await expect(page.locator("footer")).toContainText(/[۰-۹]{4}/);
  await expect(page.locator("footer")).not.toContainText(/\d{4}/);
});

test("Thai wraps between words, never inside one, at phone width", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto("/th/what-is-vpn");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Where the browser broke the lines of the page's paragraphs: every line starts on a word boundary
  // that Intl.Segmenter (the same ICU dictionary) finds.
  const paragraphs = await page.locator("main p").evaluateAll((elements) =>
    elements.map((element) => {
      const textNode = [...element.childNodes].find((node) => node.nodeType === Node.TEXT_NODE) as Text | undefined;
      const content = textNode?.data ?? "";
      const lineStarts: number[] = [];
      const range = document.createRange();
      let lastTop = Number.NaN;
      for (let index = 0; index < content.length; index++) {
        if (!content[index]?.trim() || !textNode) continue;
        range.setStart(textNode, index);
        range.setEnd(textNode, index + 1);
        const top = range.getBoundingClientRect().top;
        if (top > lastTop + 2) lineStarts.push(index);
        lastTop = top;
      }
      const words = [...new Intl.Segmenter("th", { granularity: "word" }).segment(content)].map((part) => part.index);
      return { content, lineStarts: lineStarts.slice(1), words };
    }),
  );
  const wrapped = paragraphs.filter((paragraph) => paragraph.lineStarts.length > 0);
  expect(wrapped.length).toBeGreaterThan(2);
  for (const { content, lineStarts, words } of wrapped) {
    for (const start of lineStarts)
      expect(words, `${content.slice(start - 10, start)}|${content.slice(start, start + 10)}`).toContain(start);
  }
});

test(`the language menu lists all ${LOCALES.length} languages at phone width, without JavaScript`, async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 700 } });
  const page = await context.newPage();
  await page.goto("/fa/pricing");
  const header = page.locator("header");
  await header.locator("summary").filter({ hasText: "FA" }).click();
  const menu = header.locator("details[open] ul");
  await expect(menu.locator("a[data-locale]")).toHaveCount(LOCALES.length);
  await page.screenshot({ path: testInfo.outputPath("language-menu-fa-390.png") });
  for (const locale of LOCALES) {
    const link = menu.locator(`a[data-locale="${locale.code}"]`);
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport({ ratio: 1 });
    await expect(link).toHaveText(locale.name);
    // One line each: a name wrapped in two would be cut by the next entry.
    const box = await link.boundingBox();
    expect(box?.height ?? 0).toBeLessThan(60);
  }
  await menu.locator('a[data-locale="th"]').click();
  await expect(page).toHaveURL(/\/th\/pricing$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "th-TH");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("th", "pricing", "heading"));
  await context.close();
});
