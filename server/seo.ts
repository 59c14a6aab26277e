import { Hono } from "hono";
import { concretePaths, PAGES } from "../app/routing/pages";
import { BRAND } from "../universal/brand/brand";
import { LOCALES, type Locale, localeInfo, localizePath } from "../universal/i18n/locales";
import type { Config } from "./config";
import type { AppEnv } from "./context";

/** Pages crawlers must not index or follow into (account, checkout, pay status, the redirect interstitial). */
const PRIVATE_PATHS = PAGES.filter(
  (page) => !page.indexable && page.key !== "not-found" && page.key !== "blog-search",
).map((page) => `/${page.path.replace(/\/:[^/]+\??$/, "")}`);

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[ch] ?? ch,
  );

/** Every public URL in every language, each with its alternates (sitemaps.org + xhtml:link). */
export function buildSitemap(origin: string): string {
  const rests = PAGES.filter((page) => page.indexable && !page.path.includes(":unikey")).flatMap(concretePaths);
  const urls = rests.flatMap((rest) => {
    const alternates = [
      ...LOCALES.map(
        (locale) =>
          `    <xhtml:link rel="alternate" hreflang="${locale.iso}" href="${escapeXml(origin + localizePath(rest, locale.code))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + localizePath(rest, "en"))}"/>`,
    ].join("\n");
    return LOCALES.map(
      (locale) =>
        `  <url>\n    <loc>${escapeXml(origin + localizePath(rest, locale.code))}</loc>\n${alternates}\n  </url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

export function buildRobots(origin: string): string {
  const disallow = PRIVATE_PATHS.flatMap((path) => [`Disallow: ${path}`, `Disallow: /*${path}`]);
  return `User-agent: *\n${disallow.join("\n")}\n\nSitemap: ${origin}/sitemap.xml\n`;
}

/**
 * The help centre is outside the site: the one for the visitor's language, else the default; our
 * contact page when none is set. HELP_CENTER_URL(_RU) win over the brand file's `default` (`ru`).
 */
export function helpCenterTarget(
  config: Pick<Config, "HELP_CENTER_URL" | "HELP_CENTER_URL_RU">,
  locale: Locale,
  brandUrls: Readonly<Record<string, string>> = {},
): string {
  const forLanguage = (locale === "ru" ? config.HELP_CENTER_URL_RU : undefined) ?? brandUrls[locale];
  const configured = forLanguage ?? config.HELP_CENTER_URL ?? brandUrls.default;
  return configured ?? localizePath("/contact-us", locale);
}

export function seoRouter(config: Config) {
  const origin = (requestUrl: string) => config.PUBLIC_ORIGIN ?? new URL(requestUrl).origin;
  const app = new Hono<AppEnv>();
  app.get("/sitemap.xml", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(buildSitemap(origin(c.req.url)), 200, { "Content-Type": "application/xml; charset=utf-8" });
  });
  app.get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(buildRobots(origin(c.req.url)));
  });
  app.get("/help", (c) => c.redirect(helpCenterTarget(config, "en", BRAND.helpCenter), 302));
  for (const { code } of LOCALES) {
    app.get(`/${code}/help`, (c) => c.redirect(helpCenterTarget(config, localeInfo(code).code, BRAND.helpCenter), 302));
  }
  return app;
}
