import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

// Every page template (marketing, blog, legal, forms, tools, apps, standalone) in English and in
// Arabic (right to left); the templates whose text or numbers lay out differently also in Persian
// (right to left with its own digits) and Thai (no spaces between words).
const PAGES = [
  "/",
  "/no-such-page",
  "/features",
  "/what-is-vpn",
  "/vpn-trial",
  "/aboutus",
  "/press-room",
  "/affiliate",
  "/pricing",
  "/download",
  "/download/windows",
  "/vpn-server",
  "/vpn-server/japan",
  "/vpn-for-social-media",
  "/vpn-for-social-media/telegram",
  "/blog",
  "/blog/more",
  "/blog/category/privacy",
  "/blog/search?q=vpn",
  "/blog/public-wifi-safety",
  "/privacy-policy",
  "/contact-us",
  "/redirect?url=/pricing",
  "/paystatus",
  "/what-is-my-ip?ip=8.8.8.8",
  "/webrtc-leak-test",
  "/login",
  "/pricing/checkout",
];
const SCRIPT_PAGES = [
  "/",
  "/features",
  "/pricing",
  "/vpn-server/japan",
  "/blog",
  "/blog/public-wifi-safety",
  "/contact-us",
  "/what-is-my-ip?ip=8.8.8.8",
  "/login",
  "/pricing/checkout",
];

for (const locale of ["en", "ar", "fa", "th"] as const) {
  for (const path of locale === "en" || locale === "ar" ? PAGES : SCRIPT_PAGES) {
    const url = locale === "en" ? path : `/${locale}${path === "/" ? "" : path}`;
    test(`axe finds nothing on ${url}`, async ({ page }) => {
      // A long page in four languages on a busy machine: axe alone can take half a minute.
      test.setTimeout(90_000);
      // The interstitial forwards after a few seconds. A 204 answer keeps the browser on the page,
      // so axe reads the interstitial however long it takes.
      if (path.startsWith("/redirect")) {
        await page.route(
          (u) => u.pathname.endsWith("/pricing"),
          (route) => route.fulfill({ status: 204 }),
        );
      }
      await page.goto(url);
      await expect(page.locator("main")).toBeVisible();
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
        [],
      );
    });
  }
}

test("the header works from the keyboard", async ({ page }) => {
  await page.goto("/features");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
});

test("after following a link from a scrolled page the next page starts at the top", async ({ page }) => {
  // Two whole page loads (documents carry no client-side navigation): more than 30 s on a busy machine.
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto("/features");
  // A document (no React): the link below is a page load, ready once the page shows.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.mouse.wheel(0, 2000);
  await page.waitForFunction(() => window.scrollY > 100);
  await page.locator("footer").getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose your plan");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
