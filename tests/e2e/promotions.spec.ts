import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
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

test("an active festival promotion shows its home block, and its popup once a day", async ({ page, request }) => {
  // Six page loads and an axe run: more than the default 30 s on a busy two-core machine.
  test.setTimeout(90_000);
  const put = await operator(request).putPromotions(EASTER);
  expect(put.status()).toBe(200);

  await page.clock.install({ time: new Date("2030-04-18T09:00:00Z") });
  await page.goto("/");
  const block = page.locator('[data-promotion="easter-2030"]');
  await expect(block).toContainText(/Easter offer: \d+% off our best plans/);
  await expect(block).toContainText("April 22, 2030");
  const popup = page.getByRole("dialog");
  await expect(popup).toBeVisible({ timeout: 15_000 });
  await expect(popup).toContainText(/Easter offer: \d+% off/);
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await popup.getByRole("button", { name: "Close" }).click();
  await expect(popup).toBeHidden();

  // Same day: the block stays, the popup does not come back.
  await page.goto("/features");
  await page.goto("/");
  await expect(block).toBeVisible();
  await page.waitForTimeout(4_000);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // The next day it shows again; after the end, neither shows.
  await page.clock.setSystemTime(new Date("2030-04-19T09:00:00Z"));
  await page.reload();
  await expect(page.getByRole("dialog")).toBeVisible({ timeout: 15_000 });
  await page.clock.setSystemTime(new Date("2030-04-23T00:00:00Z"));
  await page.reload();
  await expect(page.locator("#plans-title")).toBeVisible();
  await page.waitForTimeout(4_000);
  await expect(block).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the home page has no promotion block outside a promotion", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("#plans-title")).toBeVisible();
  await page.waitForTimeout(1_500);
  await expect(page.locator("[data-promotion]")).toHaveCount(0);
});
