import { expect, test } from "@playwright/test";

// Saved as test artifacts (test-results/), not committed: look at them before changing the shell.
for (const locale of ["en", "ar"] as const) {
  for (const width of [390, 1280]) {
    test(`home page screenshot: ${locale} at ${width}px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(locale === "en" ? "/" : `/${locale}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const file = testInfo.outputPath(`home-${locale}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`home-${locale}-${width}`, { path: file, contentType: "image/png" });
      // Nothing may stick out sideways, down to phone width.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}
