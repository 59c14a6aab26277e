import { expect, test } from "@playwright/test";

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
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);

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
