import { expect, type Page, test } from "@playwright/test";
import { documentationAddress, solveCaptcha, uniqueEmail } from "./account-helpers";
import { watchConsole } from "./journey-helpers";

// The chrome every page shares (header menus, signed-in actions, language links) is server markup
// on every page (decision 059): on a document the "page" island gives it its behaviour, on an app
// page the same DOM code runs beside React. Each check runs on both; on a document it fails if the
// island did not run.

const DOCUMENT = "/features";
const APP = "/login";

test.use({ viewport: { width: 1280, height: 900 } });
// Several page loads per test on a machine that may be busy.
test.describe.configure({ timeout: 90_000 });

/** Goes to a page; an app page is used only once React has hydrated it. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  if (path.endsWith(APP)) await page.waitForFunction(() => "__reactRouterRouteModules" in window);
}

const header = (page: Page) => page.locator("header").first();
const toolsMenu = (page: Page) => header(page).locator("nav details").filter({ visible: true }).first();
const languageMenu = (page: Page) => header(page).locator("details:has([hreflang])");

for (const path of [DOCUMENT, APP]) {
  test(`header menus on ${path}: one open at a time, Escape and a click outside close`, async ({ page }) => {
    const errors = watchConsole(page);
    await open(page, path);
    await toolsMenu(page).locator("summary").click();
    await expect(toolsMenu(page).getByRole("link", { name: "What is my IP" })).toBeVisible();

    // Opening the language menu closes the tools menu.
    await languageMenu(page).locator("summary").click();
    await expect(languageMenu(page).getByRole("link", { name: "Deutsch" })).toBeVisible();
    await expect(toolsMenu(page).getByRole("link", { name: "What is my IP" })).toBeHidden();

    await page.keyboard.press("Escape");
    await expect(languageMenu(page).getByRole("link", { name: "Deutsch" })).toBeHidden();
    await expect(languageMenu(page).locator("summary")).toBeFocused();

    await toolsMenu(page).locator("summary").click();
    await page.locator("footer p").last().click();
    await expect(toolsMenu(page).getByRole("link", { name: "What is my IP" })).toBeHidden();
    expect(errors).toEqual([]);
  });

  test(`the language menu on ${path} keeps the query and hash and remembers the choice`, async ({ page, context }) => {
    const errors = watchConsole(page);
    await open(page, `${path}?ref=chrome#top`);
    await languageMenu(page).locator("summary").click();
    const german = languageMenu(page).getByRole("link", { name: "Deutsch" });
    await expect(german).toHaveAttribute("href", `/de${path}?ref=chrome#top`);
    await german.click();
    await expect(page).toHaveURL(new RegExp(`/de${path}\\?ref=chrome#top$`));
    const locale = (await context.cookies()).find((cookie) => cookie.name === "locale");
    expect(locale?.value).toBe("de");
    expect(errors).toEqual([]);
  });
}

test("a menu opened while an app page loads stays open when React hydrates, and closes on the next page", async ({
  page,
}) => {
  const errors = watchConsole(page);
  // The page's scripts wait until the visitor has opened the menu (a slow connection, held on purpose).
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(APP, { waitUntil: "commit" });
  await toolsMenu(page).locator("summary").click();
  await expect(toolsMenu(page).getByRole("link", { name: "What is my IP" })).toBeVisible();
  release();
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await expect(toolsMenu(page).getByRole("link", { name: "What is my IP" })).toBeVisible();

  await toolsMenu(page).getByRole("link", { name: "What is my IP" }).click();
  await expect(page).toHaveURL(/\/what-is-my-ip$/);
  await expect(toolsMenu(page).getByRole("link", { name: "What is my IP" })).toBeHidden();
  expect(errors).toEqual([]);
});

test("after an app's client navigation the language links lead to the new page, and the header is whole", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await open(page, APP);
  // A marker that a page load would lose: the next page must come by React Router's navigation.
  await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
  await page.getByRole("main").getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgetpassword$/);
  expect(await page.evaluate(() => "stayedOnPage" in window)).toBe(true);
  await expect(header(page).getByRole("link", { name: "Log in" })).toBeVisible();
  await languageMenu(page).locator("summary").click();
  await expect(languageMenu(page).getByRole("link", { name: "Deutsch" })).toHaveAttribute("href", "/de/forgetpassword");
  await expect(page.locator("footer").getByRole("link", { name: "Deutsch" })).toHaveAttribute(
    "href",
    "/de/forgetpassword",
  );
  expect(errors).toEqual([]);
});

test("a document follows the browser's stored sign-in: 'My account' instead of 'Log in'", async ({ page, baseURL }) => {
  const errors = watchConsole(page);
  await page.goto(DOCUMENT);
  await expect(header(page).getByRole("link", { name: "Log in" })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "My account" })).toBeHidden();

  // Signed in here (a checkout's sign-up gives the browser a session; the account app stores
  // USERINFO): the next document shows the account link, and /pricing's island asks the API as them.
  const email = uniqueEmail("chrome");
  const signup = await page.request.post("/api/mms/account/v1/web/anonymous_signup", {
    headers: { "X-App-Type": "501", Origin: String(baseURL), "X-Forwarded-For": documentationAddress() },
    data: { email, recasign: await solveCaptcha(page.request) },
  });
  expect(signup.status()).toBe(200);
  await page.evaluate((name) => {
    const user = {
      name,
      avatar: "",
      password_set: false,
      setPassword: true,
      paysuc: false,
      user_id: 1,
      vip: { remain_time: 0, is_vip: false },
    };
    localStorage.setItem("USERINFO", JSON.stringify({ value: user, expiresAt: null }));
  }, email);
  await page.goto("/pricing");
  await expect(header(page).getByRole("link", { name: "My account" })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Log in" })).toBeHidden();

  expect(errors).toEqual([]);
});

test.describe("a first visit with JavaScript on", () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  for (const path of ["/", "/ar/pricing", "/blog", "/ja/vpn-server/japan"]) {
    test(`${path}: the island answers the banner, loads analytics, no console or CSP error`, async ({ page }) => {
      const errors = watchConsole(page);
      const events = page.waitForRequest((request) => request.url().endsWith("/api/mms/analytics/v1/events"));
      await page.goto(path);
      await page.locator("[data-consent-banner] [data-consent-action=accept]").click();
      await expect(page.locator("[data-consent-banner]")).toBeHidden();
      // The page-show event went out: the runtime's chunks loaded under the page's CSP.
      await events;
      expect(errors).toEqual([]);
    });
  }
});
