import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect as baseExpect, type Page, test } from "@playwright/test";
import { localizePath } from "../../universal/i18n/locales";
import { type SpawnedServer, spawnServer } from "../helpers/spawn-server";
import { uniqueEmail } from "./account-helpers";
import {
  clickNav,
  ENGLISH_VISITOR,
  expectLanguage,
  expectNoErrorScreen,
  SCREENS,
  text,
  VISITORS,
  type Visitor,
  visitorContext,
  watchProblems,
} from "./journey-helpers";
import { mailsTo } from "./mail-catcher";

// Issue 18: every content page is a document that works with JavaScript off (Tor Browser at its
// safest level): text, links, the language menu, blog search and the contact form. Any failed
// request, unexpected 4xx/5xx or error screen fails a test.
test.use({ javaScriptEnabled: false });
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** One page of each content type (paths without the language prefix). */
const CONTENT_PAGES = [
  "/",
  "/features",
  "/what-is-vpn",
  "/pricing",
  "/download",
  "/download/windows",
  "/vpn-server",
  "/vpn-server/japan",
  "/vpn-for-social-media",
  "/vpn-for-social-media/telegram",
  "/blog",
  "/blog/public-wifi-safety",
  "/blog/category/privacy",
  "/blog/tag/public-wifi",
  "/blog/search?q=vpn",
  "/privacy-policy",
  "/terms-of-service",
  "/termsuse",
  "/cookie-policy-2025",
  "/aboutus",
  "/press-room",
  "/affiliate",
  "/vpn-trial",
  "/contact-us",
];

// English, a German browser and the locale cookie: the languages a no-JS visitor arrives in.
const NO_JS_VISITORS: Visitor[] = VISITORS.filter((visitor) => visitor.expect !== "ar");

/** The page answered `status`: taken off the problems, since the test expects it. */
function expected(problems: string[], status: number, method: string, pathname: string): void {
  const index = problems.findIndex(
    (problem) => problem.startsWith(`status ${status}: ${method} `) && problem.includes(pathname),
  );
  expect(index, `${method} ${pathname} answered ${status}`).toBeGreaterThanOrEqual(0);
  problems.splice(index, 1);
  // Chromium also logs a document's 4xx as a console error: the same answer, expected too.
  const logged = problems.findIndex(
    (problem) =>
      problem.startsWith(`console: Failed to load resource: the server responded with a status of ${status}`) &&
      problem.includes(pathname),
  );
  if (logged >= 0) problems.splice(logged, 1);
}

async function expectNoScripts(page: Page): Promise<void> {
  // Nothing of the framework is even asked for: the document works on its own.
  expect(await page.locator('script[src*="/assets/"]:not([src*="/assets/islands/"])').count()).toBe(0);
}

for (const screen of SCREENS) {
  for (const visitor of NO_JS_VISITORS) {
    const locale = visitor.expect;
    test.describe(`without JavaScript: ${visitor.name} on a ${screen.name}`, () => {
      test("every content page shows its heading in the visitor's language", async ({ browser, baseURL }) => {
        const context = await visitorContext(browser, String(baseURL), visitor, screen);
        const page = await context.newPage();
        const problems = watchProblems(page, String(baseURL), locale, { javaScript: false });
        for (const path of CONTENT_PAGES) {
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(200);
          await expectLanguage(page, locale);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          expect((await page.getByRole("heading", { level: 1 }).textContent())?.trim()).not.toBe("");
          await expectNoErrorScreen(page, locale);
          await expectNoScripts(page);
        }
        const missing = await page.goto("/no-such-page");
        expect(missing?.status()).toBe(404);
        await expect(page.getByRole("heading", { level: 1, name: text(locale, "404", "heading") })).toBeVisible();
        expected(problems, 404, "GET", "/no-such-page");
        // The 404 heading was expected here: nothing else went wrong.
        expect(problems.filter((problem) => !problem.startsWith("error screen"))).toEqual([]);
        await context.close();
      });

      test("header and footer links lead on, and the language menu to the same page", async ({ browser, baseURL }) => {
        const context = await visitorContext(browser, String(baseURL), visitor, screen);
        const page = await context.newPage();
        const problems = watchProblems(page, String(baseURL), locale, { javaScript: false });
        await page.goto("/");
        await clickNav(page, screen, locale, "pricing");
        await expect(page).toHaveURL(new RegExp(`${localizePath("/pricing", locale)}$`));
        await expect(page.getByRole("heading", { level: 1, name: text(locale, "pricing", "heading") })).toBeVisible();
        // PRICE CHECK (issue 18, helper i18-prices): /pricing shows prices from the server.
        await expect(
          page
            .locator("main")
            .getByText(/(\$|A\$|CA\$|£)\s?\d/)
            .first(),
        ).toBeVisible();

        await clickNav(page, screen, locale, "blog");
        await expect(page).toHaveURL(new RegExp(`${localizePath("/blog", locale)}$`));

        await page
          .locator("footer")
          .locator(`a[href="${localizePath("/aboutus", locale)}"]`)
          .first()
          .click();
        await expect(page).toHaveURL(new RegExp(`${localizePath("/aboutus", locale)}$`));
        await expectLanguage(page, locale);

        // The header's language menu is a <details>: it opens and its links work without scripts.
        const other = locale === "de" ? "fr" : "de";
        const header = page.locator("header").first();
        // The language menu's own summary (on a phone the last one is the navigation menu's).
        await header.locator("details:has(> ul a[hreflang]) > summary").filter({ visible: true }).first().click();
        await header.locator(`a[hreflang^="${other}"]`).filter({ visible: true }).first().click();
        await expect(page).toHaveURL(new RegExp(`/${other}/aboutus$`));
        await expectLanguage(page, other);
        await expectNoErrorScreen(page, other);
        expect(problems).toEqual([]);
        await context.close();
      });

      test("blog search finds articles and leads to one", async ({ browser, baseURL }) => {
        const context = await visitorContext(browser, String(baseURL), visitor, screen);
        const page = await context.newPage();
        const problems = watchProblems(page, String(baseURL), locale, { javaScript: false });
        await page.goto("/blog");
        await page.getByRole("link", { name: text(locale, "blog", "search.heading") }).click();
        await expect(page).toHaveURL(new RegExp(`${localizePath("/blog/search", locale)}$`));
        await page.getByRole("searchbox", { name: text(locale, "blog", "search.label") }).fill("vpn");
        await page.getByRole("button", { name: text(locale, "blog", "search.submit"), exact: true }).click();
        await expect(page).toHaveURL(/\/blog\/search\?q=vpn$/);
        const results = page.locator("main ol li h3 a");
        await expect(results.first()).toBeVisible();
        const title = (await results.first().textContent())?.trim() ?? "";
        await results.first().click();
        await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
        await expectNoErrorScreen(page, locale);
        expect(problems).toEqual([]);
        await context.close();
      });

      test("the contact form shows its errors, then says honestly why it cannot send without scripts", async ({
        browser,
        baseURL,
      }) => {
        const context = await visitorContext(browser, String(baseURL), visitor, screen);
        const page = await context.newPage();
        const problems = watchProblems(page, String(baseURL), locale, { javaScript: false });
        await page.goto("/contact-us");
        const submit = page.getByRole("button", { name: text(locale, "contact-us", "submit") });
        await page.getByLabel(text(locale, "contact-us", "fields.message.label")).fill("Too short.");
        await submit.click();
        // The server's answer, next to each field, in the visitor's language.
        await expect(page.getByText(text(locale, "contact-us", "fields.name.required"))).toBeVisible();
        await expect(page.getByText(text(locale, "forms", "email.required"))).toBeVisible();
        await expect(page.getByText(text(locale, "contact-us", "fields.topic.required"))).toBeVisible();
        await expect(page.getByText(text(locale, "contact-us", "fields.message.short"))).toBeVisible();
        await expect(page.getByLabel(text(locale, "contact-us", "fields.message.label"))).toHaveValue("Too short.");
        expected(problems, 400, "POST", "/contact-us");

        await page.getByLabel(text(locale, "contact-us", "fields.name.label")).fill("Grace Hopper");
        await page.getByLabel(text(locale, "forms", "email.label")).fill(uniqueEmail("nojs"));
        await page.getByLabel(text(locale, "contact-us", "fields.topic.label")).selectOption("technical");
        const message = "The app disconnects every ten minutes on my home network.";
        await page.getByLabel(text(locale, "contact-us", "fields.message.label")).fill(message);
        await submit.click();
        // This server's captcha (ALTCHA, the default) needs JavaScript: the visitor is told so, gets
        // the support address, and keeps the text.
        const alert = page.locator("[data-form-error]");
        await expect(alert).toBeVisible();
        await expect(alert.getByRole("link", { name: "support@veilport.test" })).toHaveAttribute(
          "href",
          "mailto:support@veilport.test",
        );
        await expect(page.getByLabel(text(locale, "contact-us", "fields.message.label"))).toHaveValue(message);
        expected(problems, 400, "POST", "/contact-us");
        expect(problems).toEqual([]);
        await context.close();
      });
    });
  }
}

test("a redirect without JavaScript offers its link", async ({ page }) => {
  const response = await page.goto("/redirect?url=%2Fpricing");
  expect(response?.status()).toBe(200);
  await page.getByRole("link", { name: text("en", "redirect", "continue") }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

// A server whose captcha runs on the server (CAPTCHA_PROVIDER=none, the development and test
// mode): the same form, without JavaScript, sends the report and shows its reference.
test.describe("without JavaScript, with a captcha that needs no script", () => {
  test.describe.configure({ mode: "serial" });
  let server: SpawnedServer;
  let origin = "";
  let dataDir = "";

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = mkdtempSync(path.join(tmpdir(), "veilport-nojs-"));
    server = spawnServer([path.resolve("build/server.js")], {
      NODE_ENV: "test",
      CAPTCHA_PROVIDER: "none",
      PAYMENT_MODE: "off",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      STUN_PORT: "0",
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "info",
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      MAIL_FROM: "Veilport <no-reply@veilport.test>",
      SUPPORT_EMAIL: "support@veilport.test",
    });
    ({ port: origin } = (await server.waitForLog((line) => line.msg === "listening")) as { port: string });
    origin = `http://127.0.0.1:${origin}`;
  });
  test.afterAll(async () => {
    server?.child.kill("SIGTERM");
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const screen of SCREENS) {
    test(`the contact form sends and shows the reference (${screen.name})`, async ({ browser }) => {
      const context = await visitorContext(
        browser,
        origin,
        { ...ENGLISH_VISITOR, name: "German browser", browserLocale: "de-DE", expect: "de" },
        screen,
      );
      const page = await context.newPage();
      const problems = watchProblems(page, origin, "de", { javaScript: false });
      await page.goto("/contact-us");
      await expect(page).toHaveURL(/\/de\/contact-us$/);
      const email = uniqueEmail("nojs-sent");
      await page.getByLabel(text("de", "contact-us", "fields.name.label")).fill("Grace Hopper");
      await page.getByLabel(text("de", "forms", "email.label")).fill(email);
      await page.getByLabel(text("de", "contact-us", "fields.topic.label")).selectOption("billing");
      await page
        .getByLabel(text("de", "contact-us", "fields.message.label"))
        .fill("Meine Rechnung zeigt den falschen Betrag.");
      await page.getByRole("button", { name: text("de", "contact-us", "submit") }).click();
      await expect(page.getByRole("heading", { name: text("de", "contact-us", "sent.title") })).toBeVisible();
      const reference = (await page.getByTestId("reference").textContent()) ?? "";
      expect(reference).toMatch(/^VP-[0-9A-Z]{8}$/);
      await expect
        .poll(() => mailsTo(String(process.env.E2E_MAIL_DIR), "support@veilport.test").map((mail) => mail.subject), {
          timeout: 30_000,
        })
        .toContain(`[${reference}] billing: Grace Hopper`);
      // Another message: a plain link back to the empty form.
      await page.getByRole("link", { name: text("de", "contact-us", "sent.another") }).click();
      await expect(page.getByLabel(text("de", "contact-us", "fields.name.label"))).toHaveValue("");
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  test("a form posted from another site is refused", async ({ request }) => {
    const response = await request.post(`${origin}/contact-us`, {
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      form: { name: "x", email: "x@example.com", topic: "other", message: "x".repeat(30) },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });
});
