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

/** The plan cards link to their checkout once the plans (and so the discount) have loaded. */
const planLinks = (page: Page) => page.getByRole("link", { name: "Choose this plan" });

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

  // Same day (a Thursday morning): the block stays, the festival popup does not come back; the
  // workday popup, next in line, shows instead.
  await page.goto("/features");
  await addWorkdayPopup(page);
  await page.goto("/");
  await expect(block).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveAttribute("data-popup", "workday", { timeout: 15_000 });
  await expect(page.getByRole("dialog")).toHaveCount(1);

  // The next day the festival popup shows again (before the workday one).
  await page.clock.setSystemTime(new Date("2030-04-19T09:00:00Z"));
  await page.reload();
  await expect(page.getByRole("dialog")).toHaveAttribute("data-popup", "festival", { timeout: 15_000 });

  // After the end, neither shows: with the plans loaded and the workday popup up, no block is there.
  await page.clock.setSystemTime(new Date("2030-04-23T00:00:00Z"));
  await page.reload();
  await expect(planLinks(page).first()).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveAttribute("data-popup", "workday", { timeout: 15_000 });
  await expect(block).toHaveCount(0);
});

test("the home page has no promotion block outside a promotion", async ({ page, request }) => {
  expect((await operator(request).putPromotions(EASTER)).status()).toBe(200);
  await addWorkdayPopup(page);
  // A Wednesday morning before the Easter promotion starts.
  await page.clock.install({ time: new Date("2030-04-10T09:00:00Z") });
  await page.goto("/");
  await expect(planLinks(page).first()).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveAttribute("data-popup", "workday", { timeout: 15_000 });
  await expect(page.locator("[data-promotion]")).toHaveCount(0);
});
