import { readFileSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import { pageKindOfPath } from "../../app/routing/page-kind";
import { BRAND_VARIABLES } from "../../universal/brand/brand";
import type { Locale } from "../../universal/i18n/locales";
import { documentationAddress } from "./account-helpers";
import { CONSENT_ANSWERED } from "./operator";

/**
 * How a visitor arrives: the browser's language, the locale cookie (set by the language menu on an
 * earlier visit), and the screen. `expect` is the language the site must then speak.
 */
export interface Visitor {
  name: string;
  browserLocale: string;
  cookieLocale?: Locale;
  expect: Locale;
}

export const ENGLISH_VISITOR: Visitor = { name: "English browser", browserLocale: "en-US", expect: "en" };

export const VISITORS: Visitor[] = [
  ENGLISH_VISITOR,
  { name: "German browser", browserLocale: "de-DE", expect: "de" },
  { name: "locale cookie de", browserLocale: "en-US", cookieLocale: "de", expect: "de" },
  { name: "Arabic browser", browserLocale: "ar", expect: "ar" },
];

export const SCREENS = [
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: "desktop", viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;
export type Screen = (typeof SCREENS)[number];

/** A key of a catalogue in one language, as the visitor reads it. */
export function text(locale: Locale, namespace: string, key: string, variables: Record<string, string> = {}): string {
  const file = path.resolve(import.meta.dirname, `../../locales/${locale}/${namespace}.json`);
  const found = key
    .split(".")
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      JSON.parse(readFileSync(file, "utf8")),
    );
  if (typeof found !== "string") throw new Error(`no ${namespace}:${key} in ${locale}`);
  return found.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => variables[name] ?? BRAND_VARIABLES[name] ?? whole);
}

/**
 * A browser context for the visitor, coming from an address of its own as real visitors do (the
 * e2e server trusts loopback proxies): per-address limits then never mix up tests. The addresses
 * are documentation ranges, which no geo database places (a random one could be in China, where
 * purchases are blocked). The header is added below the page, so cross-origin fetches stay simple.
 */
export async function visitorContext(
  browser: Browser,
  baseURL: string,
  visitor: Visitor,
  screen: Screen,
): Promise<BrowserContext> {
  const address = documentationAddress();
  const context = await browser.newContext({
    baseURL,
    locale: visitor.browserLocale,
    viewport: screen.viewport,
    isMobile: screen.isMobile,
    hasTouch: screen.hasTouch,
  });
  const origin = new URL(baseURL).origin;
  await context.route(
    (url) => url.origin === origin,
    (route) => route.continue({ headers: { ...route.request().headers(), "x-forwarded-for": address } }),
  );
  const host = new URL(baseURL).hostname;
  await context.addCookies([
    { ...CONSENT_ANSWERED, domain: host },
    ...(visitor.cookieLocale
      ? [{ name: "locale", value: visitor.cookieLocale, domain: host, path: "/", sameSite: "Lax" as const }]
      : []),
  ]);
  return context;
}

/** Console errors and uncaught page errors, collected for the test's page; tests end by expecting none. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * Everything that goes wrong while a visitor browses: a console error, an uncaught exception, a
 * request to the app that fails or answers 4xx/5xx, and the error or not-found screen. A journey
 * ends with `expect(problems).toEqual([])`, so a failure names what went wrong.
 */
export function watchProblems(
  page: Page,
  baseURL: string,
  locale: Locale,
  options: { javaScript?: boolean } = {},
): string[] {
  const problems: string[] = [];
  const origin = new URL(baseURL).origin;
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => problems.push(`exception: ${error.message}`));
  page.on("requestfailed", (request) => {
    if (!request.url().startsWith(origin)) return;
    const failure = request.failure()?.errorText ?? "";
    // A page leaving while its beacon or a prefetch is in flight cancels them: that is not a failure.
    if (failure === "net::ERR_ABORTED" && request.resourceType() !== "document") return;
    // With scripts off Chromium refuses the islands' module preloads itself (reported as "csp"):
    // the browser declining to run scripts, not the app failing.
    if (options.javaScript === false && failure === "csp" && request.resourceType() === "script") return;
    problems.push(`failed: ${request.method()} ${request.url()} ${failure}`);
  });
  page.on("response", (response) => {
    if (response.url().startsWith(origin) && response.status() >= 400) {
      problems.push(`status ${response.status()}: ${response.request().method()} ${response.url()}`);
      // The API's envelope says why (its code and message): in the test's output, which a failed
      // run's report shows; not a problem of its own (some journeys expect a refusal).
      if (new URL(response.url()).pathname.startsWith("/api/")) {
        response
          .text()
          .then((body) => console.log(`answer ${response.status()} ${response.url()}: ${body.slice(0, 300)}`))
          .catch(() => undefined);
      }
    }
  });
  const errorHeadings = new Set(
    [locale, "en" as const].flatMap((lang) => [text(lang, "common", "error.title"), text(lang, "404", "heading")]),
  );
  page.on("framenavigated", async (frame) => {
    if (frame !== page.mainFrame()) return;
    const heading = await page
      .locator("h1")
      .first()
      .textContent({ timeout: 2_000 })
      .catch(() => null);
    if (heading && errorHeadings.has(heading.trim())) problems.push(`error screen at ${frame.url()}: ${heading}`);
  });
  return problems;
}

/** Fails if the error or not-found screen is showing now (client navigations fire no framenavigated). */
export async function expectNoErrorScreen(page: Page, locale: Locale): Promise<void> {
  for (const lang of new Set([locale, "en" as const])) {
    await expect(page.getByRole("heading", { level: 1, name: text(lang, "common", "error.title") })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: text(lang, "404", "heading"), exact: true })).toHaveCount(
      0,
    );
  }
}

/** The page speaks the language: `<html lang dir>` and the path's prefix. */
export async function expectLanguage(page: Page, locale: Locale): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", new RegExp(`^${locale}`));
  await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
  const prefix = new URL(page.url()).pathname.split("/")[1];
  expect(prefix === locale || (locale === "en" && prefix !== "en")).toBe(true);
}

/**
 * Clicks a link of the header's main navigation as the visitor would: on a phone the links sit in
 * the menu panel, opened first.
 */
export async function clickNav(page: Page, screen: Screen, locale: Locale, key: string): Promise<void> {
  const header = page.locator("header").first();
  const link = header
    .getByRole("link", { name: text(locale, "header", `nav.${key}`), exact: true })
    .filter({ visible: true })
    .first();
  const open = text(locale, "header", "menu.open");
  const menuButton = header
    .getByRole("button", { name: open })
    .or(header.locator("summary", { hasText: open }))
    .first();
  // The phone's menu panel may be closed: open it whenever the link is hidden.
  await expect(async () => {
    if (screen.isMobile && !(await link.isVisible())) await menuButton.click({ timeout: 2_000 });
    await expect(link).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // Outside the retries: from a document the click is a whole page load, which may take longer
  // than a retry's 2 s on a busy machine (a retried click would start the load again).
  await link.click();
}

/**
 * Waits until React has hydrated an app page (login, account, checkout, the tools), so a click
 * reaches React Router, not a full load. Document pages load no React (decision 031): calling this
 * on one is a mistake in the test, which should wait for what the visitor sees instead.
 */
export async function hydrated(page: Page): Promise<void> {
  const { pathname } = new URL(page.url());
  if (pageKindOfPath(pathname) === "document") {
    throw new Error(
      `hydrated() on the document page ${pathname}: documents load no React; wait for what the page shows`,
    );
  }
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
}
