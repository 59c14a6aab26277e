import { expect, test } from "@playwright/test";

test("once a newer build is out, the next navigation loads the page afresh", async ({ page }) => {
  await page.clock.install();
  // This browser sees a build manifest newer than the page it has.
  await page.route(
    (url) => url.pathname === "/build.json",
    (route) => route.fulfill({ json: { version: "a-newer-build" } }),
  );
  await page.goto("/features");
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  let polled = false;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/build.json") polled = true;
  });
  // The poller starts once the page's runtime chunk has loaded: move time on until it has asked.
  await expect
    .poll(async () => {
      await page.clock.fastForward("05:01");
      return polled;
    })
    .toBe(true);

  // A client navigation fires no load event; only a fresh document does.
  const reloaded = page.waitForEvent("load");
  await page.locator("header").getByRole("link", { name: "Pricing" }).first().click();
  await reloaded;
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose your plan");
});

test("without a newer build, navigation stays in the page", async ({ page }) => {
  await page.goto("/features");
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await page.evaluate(() => {
    (window as { loadedBefore?: boolean }).loadedBefore = true;
  });
  await page.locator("header").getByRole("link", { name: "Pricing" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose your plan");
  expect(await page.evaluate(() => (window as { loadedBefore?: boolean }).loadedBefore)).toBe(true);
});
