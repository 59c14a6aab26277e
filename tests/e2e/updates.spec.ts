import { expect, test } from "@playwright/test";
import { hydrated } from "./journey-helpers";

// Document pages are loaded whole on every visit; apps (login, account, checkout) navigate on the
// client, so they are the pages that must notice a newer build.
test("once a newer build is out, the next navigation in an app loads the page afresh", async ({ page }) => {
  await page.clock.install();
  // This browser sees a build manifest newer than the page it has.
  await page.route(
    (url) => url.pathname === "/build.json",
    (route) => route.fulfill({ json: { version: "a-newer-build" } }),
  );
  await page.goto("/login");
  await hydrated(page);
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
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/forgetpassword$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot your password?");
});

test("without a newer build, navigation in an app stays in the page", async ({ page }) => {
  await page.goto("/login");
  await hydrated(page);
  await page.evaluate(() => {
    (window as { loadedBefore?: boolean }).loadedBefore = true;
  });
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot your password?");
  expect(await page.evaluate(() => (window as { loadedBefore?: boolean }).loadedBefore)).toBe(true);
});
