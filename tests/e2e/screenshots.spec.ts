import { expect, test } from "@playwright/test";

// The pages a visitor compares us on, in a left-to-right, a right-to-left and a CJK language, at a
// phone and a desktop width. Screenshots are saved as test artifacts (test-results/), not
// committed: look at them after changing a layout. Each must also fit its width.
const PAGES = [
  { name: "home", path: "" },
  { name: "pricing", path: "/pricing" },
  { name: "download-windows", path: "/download/windows" },
  { name: "article", path: "/blog/public-wifi-safety" },
] as const;

for (const { name, path } of PAGES) {
  for (const locale of ["en", "ar", "ja"] as const) {
    for (const width of [390, 1280]) {
      test(`${name} screenshot: ${locale} at ${width}px`, async ({ page }, testInfo) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${locale === "en" ? "" : `/${locale}`}${path}` || "/");
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const file = testInfo.outputPath(`${name}-${locale}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(`${name}-${locale}-${width}`, { path: file, contentType: "image/png" });
        // Nothing may stick out sideways, down to phone width.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  }
}
