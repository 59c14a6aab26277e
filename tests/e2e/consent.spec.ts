import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

// A visitor who has not answered the banner yet.
test.use({ storageState: { cookies: [], origins: [] } });

const EVENTS = "/api/mms/analytics/v1/events";

function recordEvents(page: Page): string[] {
  const bodies: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === EVENTS) bodies.push(request.postData() ?? "");
  });
  return bodies;
}

test("rejecting cookies sends no analytics event and keeps no visitor id", async ({ page, context }) => {
  const sent = recordEvents(page);
  // The page's timers run on a clock the test moves: the delays pass when the test says so.
  await page.clock.install();
  await page.goto("/features");
  const banner = page.getByRole("region", { name: "Your privacy choices" });
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Reject all" }).click();
  await expect(banner).toBeHidden();

  // Browse (client navigation), run a minute of the page's timers (page-show's 10 geo tries 1 s
  // apart, then the 5 s batching delay: a queued event is sent by then), then leave (page hide
  // sends what is still queued, by beacon, before the next page loads).
  await page.locator("header").getByRole("link", { name: "Pricing" }).first().click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.clock.runFor(60_000);
  await page.goto("/what-is-vpn");
  expect(sent).toEqual([]);

  const cookies = (await context.cookies()).map((cookie) => cookie.name);
  expect(cookies).toContain("cookie_consent");
  expect(cookies).not.toContain("cje");
  expect(await page.evaluate(() => localStorage.getItem("front_id"))).toBeNull();

  // The answer holds on the next visit: no banner, also once the stored choice is read (200 ms in).
  await page.reload();
  await page.clock.runFor(1_000);
  await expect(page.getByRole("region", { name: "Your privacy choices" })).toHaveCount(0);
});

test("accepting sends page views to the site's own endpoint, with a visitor id", async ({ page }) => {
  const sent = recordEvents(page);
  const thirdParty: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith("http://127.0.0.1")) thirdParty.push(request.url());
  });
  await page.goto("/features");
  await page.getByRole("button", { name: "Accept all" }).click();
  await expect.poll(() => sent.length, { timeout: 20_000 }).toBeGreaterThan(0);
  const body = JSON.parse(sent[0] ?? "{}") as {
    events: { event_name: string; front_id?: string; event_params: { key: string; value: string }[] }[];
  };
  const pageShow = body.events.find((event) => event.event_name === "page_show");
  expect(pageShow?.front_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  expect(pageShow?.event_params).toContainEqual({ key: "page_path", value: "/features" });
  expect(thirdParty).toEqual([]);
});

test("choosing lets the visitor allow analytics only, and the banner can be reopened", async ({ page, context }) => {
  await page.goto("/de/features");
  const banner = page.getByRole("region", { name: "Ihre Datenschutz-Einstellungen" });
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Auswählen" }).click();
  await banner.getByRole("checkbox").nth(1).check();
  await banner.getByRole("button", { name: "Auswahl speichern" }).click();
  await expect(banner).toBeHidden();
  const consent = (await context.cookies()).find((cookie) => cookie.name === "cookie_consent");
  expect(consent?.value).toBe("v1.a1.m0");
  await page.locator("footer").getByRole("button", { name: "Cookie-Einstellungen" }).click();
  await expect(banner).toBeVisible();
});

for (const path of ["/features", "/ar/features"]) {
  test(`the cookie banner passes axe on ${path}`, async ({ page }) => {
    await page.goto(path);
    const banner = page.locator("[data-consent-banner]");
    await expect(banner).toBeVisible();
    await banner.getByRole("button").first().click(); // Choose: the checkboxes too
    const results = await new AxeBuilder({ page })
      .include("[data-consent-banner]")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
}
