import { expect, type Page, test } from "@playwright/test";
import { ACCOUNT_API, solveCaptcha, uniqueEmail } from "./account-helpers";
import { hydrated, text, watchProblems } from "./journey-helpers";

// Decision 031: content pages are documents, served whole with no React or React Router in the
// browser, only their island modules; login, account, checkout and the tools are apps that hydrate.

/** The paths of the scripts a page fetches from its own origin (module preloads included). */
function watchScripts(page: Page, baseURL: string): string[] {
  const origin = new URL(baseURL).origin;
  const scripts: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin) return;
    if (request.resourceType() === "script" || /\.m?js$/.test(url.pathname)) scripts.push(url.pathname);
  });
  return scripts;
}

/** What React Router's <Scripts> leaves on window: its context, manifest and route modules. */
const ROUTER_GLOBALS = ["__reactRouterContext", "__reactRouterManifest", "__reactRouterRouteModules"];

const DOCUMENTS = [
  { name: "the home page", path: "/" },
  { name: "an article", path: "/blog/dns-leaks-what-they-are" },
  { name: "the pricing page", path: "/pricing" },
];

for (const { name, path } of DOCUMENTS) {
  test(`${name} (${path}) is a document: island modules only, no React Router`, async ({ page, baseURL }) => {
    const scripts = watchScripts(page, String(baseURL));
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const html = (await response?.text()) ?? "";
    expect(html).not.toContain("__reactRouterContext");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Module scripts, and the imports they start with, have run once the load event has fired.
    await page.waitForLoadState("load");

    expect(scripts.filter((script) => script.startsWith("/assets/islands/page-"))).toHaveLength(1);
    expect(scripts.filter((script) => !script.startsWith("/assets/islands/"))).toEqual([]);
    // Preloads only of the islands' shared chunks (fetched beside the islands, not a level later).
    const preloads = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(preloads.filter((href) => !href.startsWith("/assets/islands/shared-"))).toEqual([]);
    expect(preloads.every((href) => scripts.includes(href))).toBe(true);
    expect(await page.evaluate((names) => names.filter((global) => global in window), ROUTER_GLOBALS)).toEqual([]);
  });
}

/** An app page hydrates: React Router's chunks, no island modules (the app runs that code itself). */
async function expectApp(page: Page, scripts: string[]): Promise<void> {
  await hydrated(page);
  expect(
    scripts.filter((script) => script.startsWith("/assets/") && !script.startsWith("/assets/islands/")),
  ).not.toEqual([]);
  expect(scripts.filter((script) => script.startsWith("/assets/islands/"))).toEqual([]);
  await expect(page.locator('link[rel="modulepreload"]').first()).toBeAttached();
}

test("/login is an app: it hydrates with React Router", async ({ page, baseURL }) => {
  const scripts = watchScripts(page, String(baseURL));
  const response = await page.goto("/login");
  expect(await response?.text()).toContain("__reactRouterContext");
  await expect(page.getByRole("heading", { level: 1, name: text("en", "login", "heading") })).toBeVisible();
  await expectApp(page, scripts);
});

test("/myaccount is an app: it hydrates with React Router", async ({ page, baseURL }) => {
  // The sign-up solves the proof-of-work captcha: seconds on a busy machine.
  test.setTimeout(90_000);
  // A checkout's password-less sign-up gives the browser a session: the account page shows.
  const signup = await page.request.post(`${ACCOUNT_API}/anonymous_signup`, {
    headers: { "X-App-Type": "501", Origin: String(baseURL) },
    data: { email: uniqueEmail("documents"), recasign: await solveCaptcha(page.request) },
  });
  expect(signup.status()).toBe(200);
  const scripts = watchScripts(page, String(baseURL));
  await page.goto("/myaccount");
  await expect(page).toHaveURL(/\/myaccount$/);
  await expectApp(page, scripts);
  await expect(page.getByRole("heading", { name: text("en", "myaccount", "password.setTitle") })).toBeVisible();
});

test("from /login, the header's Features link loads the features document whole, with no console error", async ({
  page,
  baseURL,
}) => {
  const problems = watchProblems(page, String(baseURL), "en");
  await page.goto("/login");
  await hydrated(page);
  // A client navigation would fetch the route's data (*.data) and keep this window's globals.
  const dataRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.url());
  });
  await page.evaluate(() => {
    (window as { leftLogin?: boolean }).leftLogin = true;
  });

  const loaded = page.waitForEvent("load");
  await page
    .locator("header")
    .getByRole("link", { name: text("en", "header", "nav.features"), exact: true })
    .filter({ visible: true })
    .first()
    .click();
  await loaded;
  await expect(page).toHaveURL(/\/features$/);
  await expect(page.getByRole("heading", { level: 1, name: text("en", "features", "heading") })).toBeVisible();

  expect(await page.evaluate(() => "leftLogin" in window)).toBe(false);
  expect(dataRequests).toEqual([]);
  expect(await page.evaluate((names) => names.filter((global) => global in window), ROUTER_GLOBALS)).toEqual([]);
  expect(problems).toEqual([]);
});

test("in an app, a navigation to a path with double slashes lands on the collapsed path (SPEC §2)", async ({
  page,
  baseURL,
}) => {
  const problems = watchProblems(page, String(baseURL), "en");
  await page.goto("/login");
  await hydrated(page);
  // What an operator's route rule or a pasted link can produce; the server 301s it on a page load.
  await page.evaluate(() =>
    (
      window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
    ).__reactRouterDataRouter.navigate("/de//forgetpassword?from=login"),
  );
  await expect(page).toHaveURL(/:\d+\/de\/forgetpassword\?from=login$/);
  await expect(page.getByRole("heading", { level: 1, name: text("de", "forgetpassword", "heading") })).toBeVisible();
  expect(problems).toEqual([]);
});
