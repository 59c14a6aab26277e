import { expect, test } from "@playwright/test";
import { createAccount, uniqueEmail } from "./account-helpers";
import { hydrated } from "./journey-helpers";

// SPEC §2 URL rules, each in one hop, with the query kept (and the hash, which browsers carry).
const RULES: Array<[from: string, status: number, to: string]> = [
  ["/home", 301, "/"],
  ["/home?utm_source=x", 301, "/?utm_source=x"],
  ["/de/home", 301, "/de"],
  ["/ar/home?a=1", 301, "/ar?a=1"],
  ["/en", 301, "/"],
  ["/en/pricing?plan=1-year", 301, "/pricing?plan=1-year"],
  ["/en/home", 301, "/"],
  ["//pricing///checkout", 301, "/pricing/checkout"],
  ["//de//vpn-server//japan?x=1", 301, "/de/vpn-server/japan?x=1"],
  ["/pricing/", 301, "/pricing"],
];

for (const [from, status, to] of RULES) {
  test(`${from} -> ${status} ${to}`, async ({ request, baseURL }) => {
    const response = await request.get(`${baseURL}${from}`, { maxRedirects: 0 });
    expect(response.status()).toBe(status);
    expect(response.headers().location).toBe(to);
  });
}

test("the hash survives a redirect in the browser", async ({ page }) => {
  await page.goto("/en/pricing?plan=2-years#faq");
  expect(new URL(page.url()).pathname + new URL(page.url()).search + new URL(page.url()).hash).toBe(
    "/pricing?plan=2-years#faq",
  );
});

test("a saved language sends unprefixed pages to it (302), and choosing English stays", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext();
  await context.addCookies([{ name: "locale", value: "de", url: baseURL! }]);
  const page = await context.newPage();
  const response = await page.request.get("/pricing?x=1", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/de/pricing?x=1");

  await page.goto("/features?x=1#top");
  expect(page.url()).toBe(`${baseURL}/de/features?x=1#top`);
  await expect(page.locator("html")).toHaveAttribute("lang", "de-DE");
  // A document: the language menu is plain HTML (links in a <details>), usable once it shows.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // The switcher keeps the page and query, and remembers the choice.
  await page.locator("header details summary").filter({ hasText: "DE" }).click();
  await page.locator("header").getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(`${baseURL}/features?x=1#top`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  expect((await context.cookies()).find((cookie) => cookie.name === "locale")?.value).toBe("en");
  await context.close();
});

test("the browser's language is used when nothing is saved", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: "ja-JP" });
  const page = await context.newPage();
  await page.goto("/download");
  expect(page.url()).toBe(`${baseURL}/ja/download`);
  await expect(page.locator("html")).toHaveAttribute("lang", "ja-JP");
  await context.close();
});

// Point 10 of issue 15: /redirect?url= and the login's ?redirect= resolve the target as a browser
// would and never leave the site, except /redirect to an allow-listed host (the app stores here).
const REDIRECT_PAGE: Array<[target: string, status: number, href: string | null]> = [
  ["/pricing?plan=1-year", 200, "/pricing?plan=1-year"],
  ["https://apps.apple.com/app/id1", 200, "https://apps.apple.com/app/id1"],
  ["HTTPS://PLAY.GOOGLE.COM/store", 200, "https://play.google.com/store"],
  ["/%09/evil.example", 200, "/%09/evil.example"],
  // On this http test server another scheme: resolved to https://evil.example, so refused.
  ["https:evil.example", 400, null],
  ["/\t/evil.example", 400, null],
  ["/\n/evil.example", 400, null],
  ["/\\evil.example", 400, null],
  ["\\\\evil.example", 400, null],
  ["//evil.example", 400, null],
  ["javascript:alert(1)", 400, null],
  ["data:text/html,hi", 400, null],
  ["https://apps.apple.com@evil.example/", 400, null],
  ["https://apps.apple.com.evil.example/", 400, null],
];

for (const [target, status, href] of REDIRECT_PAGE) {
  test(`/redirect?url=${JSON.stringify(target)} -> ${status}`, async ({ request, baseURL }) => {
    const response = await request.get(`/redirect?url=${encodeURIComponent(target)}`, { maxRedirects: 0 });
    expect(response.status()).toBe(status);
    const html = await response.text();
    // No link of the page leads to the other host, whatever the page says.
    const hosts = [...html.matchAll(/href="([^"]*)"/g)].map((match) =>
      new URL(match[1]!.replaceAll("&amp;", "&"), baseURL).hostname.toLowerCase(),
    );
    expect(hosts).not.toContain("evil.example");
    if (href) expect(html).toContain(`href="${href.replaceAll("&", "&amp;")}" rel="noopener noreferrer"`);
    else expect(html).toContain("We do not forward to this address");
  });
}

test.describe("after signing in, ?redirect= stays on the site", () => {
  test.describe.configure({ timeout: 120_000 });
  const PASSWORD = "Sturdy-Pass9!";

  for (const [query, landing] of [
    // URLSearchParams decodes %09 to a tab, and a browser drops tabs: "/<tab>/evil.example" is //evil.example.
    ["/%09/evil.example", "/myaccount"],
    ["%2F%5Cevil.example", "/myaccount"],
    ["https%3A%2F%2Fapps.apple.com%2Fapp", "/myaccount"],
    ["%2Fpricing%3Fplan%3D1-year", "/pricing?plan=1-year"],
  ] as const) {
    test(`/login?redirect=${query} -> ${landing}`, async ({ page, request, baseURL }) => {
      const email = uniqueEmail("redirect");
      await createAccount(request, email, PASSWORD);
      await page.goto(`/login?redirect=${query}`);
      await hydrated(page);
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill(PASSWORD);
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL(`${baseURL}${landing}`, { timeout: 30_000 });
    });
  }
});
