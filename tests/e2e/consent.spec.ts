import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

// A visitor who has not answered the banner yet.
test.use({ storageState: { cookies: [], origins: [] } });

const EVENTS = "/api/mms/analytics/v1/events";
const BANNER_NAME = "Your privacy choices";

/** An app page (login) answers through React: wait until it has hydrated before clicking. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
}

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

  // Browse (a document: a page load), run a minute of the page's timers (page-show's 10 geo tries
  // 1 s apart, then the 5 s batching delay: a queued event is sent by then), then leave (page hide
  // sends what is still queued, by beacon, before the next page loads).
  await page.locator("header").getByRole("link", { name: "Pricing" }).first().click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.clock.runFor(60_000);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto("/what-is-vpn");
  expect(sent).toEqual([]);

  const cookies = (await context.cookies()).map((cookie) => cookie.name);
  expect(cookies).toContain("cookie_consent");
  expect(cookies).not.toContain("cje");
  expect(await page.evaluate(() => localStorage.getItem("front_id"))).toBeNull();

  // The answer holds on the next visit: no banner, also once the stored choice is read (200 ms in).
  await page.reload();
  await expect(page.getByRole("region", { name: BANNER_NAME })).toBeHidden();
  await page.clock.runFor(1_000);
  await expect(page.getByRole("region", { name: BANNER_NAME })).toBeHidden();
});

test("the banner answers on an app page too (login, React), and is gone on the next document", async ({
  page,
  context,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/login");
  await hydrated(page);
  const banner = page.getByRole("region", { name: BANNER_NAME });
  await banner.getByRole("button", { name: "Choose" }).click();
  await expect(banner.getByRole("button", { name: "Choose" })).toBeHidden();
  await banner.getByRole("checkbox", { name: /^Partners/ }).check();
  await banner.getByRole("button", { name: "Save my choices" }).click();
  await expect(banner).toBeHidden();
  const consent = (await context.cookies()).find((cookie) => cookie.name === "cookie_consent");
  expect(consent?.value).toBe("v1.a0.m1");

  await page.goto("/features");
  await expect(page.locator("[data-consent-banner]")).toBeHidden();
  expect(errors).toEqual([]);
});

test("without JavaScript there is no banner (nothing is tracked) and no Cookie settings button", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/features");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("[data-consent-banner]")).toBeAttached();
  await expect(page.locator("[data-consent-banner]")).toBeHidden();
  await expect(page.locator("footer").getByRole("button", { name: "Cookie settings" })).toBeHidden();
  await context.close();
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

for (const { path, app } of [
  { path: "/de/features", app: false },
  { path: "/de/login", app: true },
]) {
  test(`choosing lets the visitor allow analytics only, and the banner can be reopened (${path})`, async ({
    page,
    context,
  }) => {
    await page.goto(path);
    if (app) await hydrated(page);
    const banner = page.getByRole("region", { name: "Ihre Datenschutz-Einstellungen" });
    await expect(banner).toBeVisible();
    // The choices are in the page's HTML, folded away until "Choose".
    await expect(banner.getByRole("checkbox")).toHaveCount(0);
    await expect(banner.getByRole("button", { name: "Auswahl speichern" })).toBeHidden();
    await banner.getByRole("button", { name: "Auswählen" }).click();
    await expect(banner.getByRole("checkbox")).toHaveCount(3);
    await banner.getByRole("checkbox").nth(1).check();
    await banner.getByRole("button", { name: "Auswahl speichern" }).click();
    await expect(banner).toBeHidden();
    const consent = (await context.cookies()).find((cookie) => cookie.name === "cookie_consent");
    expect(consent?.value).toBe("v1.a1.m0");

    // Reopened from the footer: the first view again, and a new answer replaces the old one.
    await page.locator("footer").getByRole("button", { name: "Cookie-Einstellungen" }).click();
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("button", { name: "Auswählen" })).toBeVisible();
    await banner.getByRole("button", { name: "Alle akzeptieren" }).click();
    await expect(banner).toBeHidden();
    const accepted = (await context.cookies()).find((cookie) => cookie.name === "cookie_consent");
    expect(accepted?.value).toBe("v1.a1.m1");
  });
}

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
