import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { operator } from "./operator";

// The promotion runs in 2030: only this test's browser, whose clock is set inside it, sees it active.
const EASTER = {
  promotions: [
    {
      id: "easter-2030",
      kind: "easter",
      startTime: "2030-04-14T00:00:00Z",
      endTime: "2030-04-23T00:00:00Z",
      isFestival: true,
    },
  ],
  popups: {},
};

/**
 * A workday popup, as the operator could set one, added to the config this test's browser reads
 * (not stored on the server, where it would pop up in other specs' pages). The page decides it
 * from the same config load, after the same delay, as the festival popup and the home block: once
 * it is up, a festival popup or block that was going to show would be showing. It makes "nothing
 * else shows" something to wait for instead of a fixed sleep.
 */
async function addWorkdayPopup(page: Page) {
  await page.route("**/api/mms/config/v1/promotions", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { popups: Record<string, unknown> } };
    body.data.popups = {
      ...body.data.popups,
      workday: { headline: [{ text: { en: "A short break from work" }, tone: "plain" }], href: "/pricing" },
    };
    await route.fulfill({ response, json: body });
  });
}

/** Document pages run no framework: their promotions come from the "promotions" island. */
const hasReactRouter = (page: Page) => page.evaluate(() => "__reactRouterRouteModules" in window);

test("on the home page (a document) the island shows the festival's block, and its popup once a day", async ({
  page,
  request,
}) => {
  // Five page loads and an axe run: more than the default 30 s on a busy two-core machine.
  test.setTimeout(90_000);
  const put = await operator(request).putPromotions(EASTER);
  expect(put.status()).toBe(200);

  await page.clock.install({ time: new Date("2030-04-18T09:00:00Z") });
  const island = page.waitForResponse((response) => /\/assets\/islands\/promotions-[^/]+\.js$/.test(response.url()));
  await page.goto("/");
  await island;
  const block = page.locator('[data-promotion="easter-2030"]');
  await expect(block).toContainText(/Easter offer: \d+% off our best plans/);
  await expect(block).toContainText("April 22, 2030");
  await expect(block.getByRole("link", { name: "Get the offer" })).toHaveAttribute("href", "/pricing");
  expect(await hasReactRouter(page)).toBe(false);

  const popup = page.getByRole("dialog");
  await expect(popup).toBeVisible({ timeout: 15_000 });
  await expect(popup).toHaveAttribute("data-popup", "festival");
  await expect(popup).toContainText(/Easter offer: \d+% off/);
  await expect(popup).toContainText("The offer ends on April 22, 2030.");
  await expect(popup.getByRole("button", { name: "Close" })).toBeFocused();
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await popup.getByRole("button", { name: "Close" }).click();
  await expect(popup).toBeHidden();

  // Same day (a Thursday morning): the block stays, the festival popup does not come back; the
  // workday popup, next in line, shows instead.
  await page.goto("/features");
  await addWorkdayPopup(page);
  await page.goto("/");
  await expect(block).toBeVisible();
  // A proper dialog: focus moves in, Escape closes it (focus coming back: the test below).
  await expect(page.getByRole("dialog")).toHaveAttribute("data-popup", "workday", { timeout: 15_000 });
  await expect(page.getByRole("dialog")).toContainText("A short break from work");
  await expect(page.getByRole("dialog")).toHaveCount(1);
  await expect(page.getByRole("dialog").getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  // The next day the festival popup shows again (before the workday one), in the page's language.
  await page.clock.setSystemTime(new Date("2030-04-19T09:00:00Z"));
  await page.goto("/de");
  await expect(page.getByRole("dialog")).toHaveAttribute("data-popup", "festival", { timeout: 15_000 });
  await expect(page.getByRole("dialog")).toContainText("22. April 2030");
  await expect(page.getByRole("dialog").getByRole("link")).toHaveAttribute("href", "/de/pricing");

  // After the end, neither shows: with the workday popup up and the island decided, no block is there.
  await page.clock.setSystemTime(new Date("2030-04-23T00:00:00Z"));
  await page.goto("/");
  await expect(page.getByRole("dialog")).toHaveAttribute("data-popup", "workday", { timeout: 15_000 });
  await expect(page.locator('[data-promotion-slot="decided"]')).toHaveCount(1);
  await expect(block).toHaveCount(0);
});

test("on an app page React shows the same festival popup, as a proper dialog", async ({ page, request }) => {
  test.setTimeout(60_000);
  expect((await operator(request).putPromotions(EASTER)).status()).toBe(200);
  await page.clock.install({ time: new Date("2030-04-18T09:00:00Z") });
  await page.goto("/what-is-my-ip");
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  const before = page.locator('a[href="/features"]').first();
  await before.focus();
  const popup = page.getByRole("dialog");
  await expect(popup).toHaveAttribute("data-popup", "festival", { timeout: 15_000 });
  await expect(popup).toContainText(/Easter offer: \d+% off/);
  await expect(popup).toContainText("The offer ends on April 22, 2030.");
  await expect(popup.getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(popup).toBeHidden();
  await expect(before).toBeFocused();
});

test("on the home page focus comes back where it was when the island's popup closes", async ({ page, request }) => {
  expect((await operator(request).putPromotions(EASTER)).status()).toBe(200);
  await addWorkdayPopup(page);
  // The clock stands still until the link has focus: the popup cannot come up first.
  await page.clock.install({ time: new Date("2030-04-10T08:59:59Z") });
  await page.clock.pauseAt(new Date("2030-04-10T09:00:00Z"));
  await page.goto("/");
  const before = page.locator('a[href="/features"]').first();
  await before.focus();
  await page.clock.resume();
  await expect(page.getByRole("dialog")).toHaveAttribute("data-popup", "workday", { timeout: 15_000 });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(before).toBeFocused();
});

test("the home page has no promotion block outside a promotion", async ({ page, request }) => {
  expect((await operator(request).putPromotions(EASTER)).status()).toBe(200);
  await addWorkdayPopup(page);
  // A Wednesday morning before the Easter promotion starts.
  await page.clock.install({ time: new Date("2030-04-10T09:00:00Z") });
  await page.goto("/");
  await expect(page.locator('[data-promotion-slot="decided"]')).toHaveCount(1);
  await expect(page.getByRole("dialog")).toHaveAttribute("data-popup", "workday", { timeout: 15_000 });
  await expect(page.locator("[data-promotion]")).toHaveCount(0);
});

test("without JavaScript the home page shows no promotion text", async ({ browser, request }) => {
  expect((await operator(request).putPromotions(EASTER)).status()).toBe(200);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(/Easter offer/)).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await context.close();
});
