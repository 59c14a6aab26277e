import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { HtmlValidate } from "html-validate";
import { splitFrontMatter } from "../../app/content/markdown.server";
import { namespaceOfPage } from "../../app/i18n/page-namespace";
import { pageMetaVars } from "../../app/routing/meta-vars";
import { concreteRoutes, DEFAULT_TEXTS, PAGES } from "../../app/routing/pages";
import { fillBrandPlaceholders } from "../../universal/brand/brand";
import { DEFAULT_LOCALE, LOCALES, localizePath } from "../../universal/i18n/locales";

// Every route of SPEC §2 in every language of the locale table: status, lang/dir, the title in that
// language, valid HTML. Validating a page costs ~0.4 s, most of this spec's time: the markup of a
// sub-page (a country, a product, a tag) comes from its page's template, the same in every language,
// so every sub-page is validated in the default language and, in the others, the first sub-page of
// each page, plus every article written in that language (its Markdown is its own).

// HTML validity, not house style: React writes `charSet` and `<meta/>`, both valid HTML.
const validator = new HtmlValidate({
  extends: ["html-validate:standard"],
  rules: { "attr-case": "off", "void-style": "off" },
});
const catalogue = (locale: string, namespace: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../locales/${locale}/${namespace}.json`), "utf8"));
const lookup = (tree: Record<string, unknown>, key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree) as
    | string
    | undefined;
const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

const articleFile = (locale: string, unikey: string) =>
  path.resolve(import.meta.dirname, `../../content/blog/${locale}/${unikey}.md`);

/** An article's title in a language, or the English one where it has no translation. */
const articleTitle = (locale: string, unikey: string) => {
  const file = [articleFile(locale, unikey), articleFile("en", unikey)].find((candidate) => existsSync(candidate));
  const { data } = splitFrontMatter(readFileSync(file ?? "", "utf8"));
  return (data as { title: string }).title;
};

const NOT_FOUND_CASES = [
  "/no-such-page",
  "/404",
  "/download/nope",
  "/vpn-server/mars",
  "/vpn-for-social-media/myspace",
  "/blog/category/nope",
  "/blog/tag/nope",
  "/blog/no-such-article",
  "/pricing/checkout/1-year/extra",
];

for (const locale of LOCALES) {
  test(`every route in ${locale.code}`, async ({ request }) => {
    test.setTimeout(120_000);
    const failures: string[] = [];
    const routes = PAGES.filter((page) => page.key !== "not-found").flatMap((page) =>
      concreteRoutes(page).map((route) => ({ page, ...route })),
    );
    // The checkout's plan id is optional: with one too.
    routes.push({
      page: PAGES.find((page) => page.key === "checkout")!,
      path: "/pricing/checkout/1-year",
      params: { id: "1-year" },
    });

    const validatedPages = new Set<string>();
    const needsValidation = (pageKey: string, unikey: string | undefined) => {
      const first = !validatedPages.has(pageKey);
      validatedPages.add(pageKey);
      if (locale.code === DEFAULT_LOCALE || first) return true;
      return pageKey === "blog-article" && existsSync(articleFile(locale.code, unikey ?? ""));
    };

    for (const { page, path: rest, params } of routes) {
      // The interstitial needs a destination (without one it answers 400).
      const url = localizePath(rest, locale.code) + (page.key === "redirect" ? "?url=/pricing" : "");
      const response = await request.get(url, { maxRedirects: 0 });
      if (page.key === "myaccount" || page.key === "receipt" || page.key === "operator") {
        // Anonymous: the auth middleware sends the visitor to log in first.
        expect(response.status(), url).toBe(302);
        expect(response.headers().location).toBe(
          `${localizePath("/login", locale.code)}?redirect=${encodeURIComponent(url)}`,
        );
        continue;
      }
      const html = await response.text();
      if (response.status() !== 200) failures.push(`${url}: status ${response.status()}`);
      if (!html.includes(`<html lang="${locale.iso}" dir="${locale.dir}">`)) failures.push(`${url}: wrong lang/dir`);

      const namespace = namespaceOfPage(page.key);
      const texts = page.texts ?? DEFAULT_TEXTS;
      const vars =
        page.key === "blog-article"
          ? { title: articleTitle(locale.code, params.unikey ?? "") }
          : pageMetaVars(page.key, params, (ns, key) => lookup(catalogue(locale.code, ns), key));
      const expected = fillBrandPlaceholders(
        Object.entries(vars).reduce(
          (title, [name, value]) => title.replaceAll(`{{${name}}}`, value),
          lookup(catalogue(locale.code, namespace), texts.title) ?? "(missing)",
        ),
      );
      const title = decode(/<title>(.*?)<\/title>/s.exec(html)?.[1] ?? "");
      if (title !== expected) failures.push(`${url}: title ${JSON.stringify(title)} != ${JSON.stringify(expected)}`);

      if (!needsValidation(page.key, params.unikey)) continue;
      const report = await validator.validateString(html);
      if (!report.valid) {
        const messages = report.results.flatMap((result) => result.messages.map((m) => `${m.ruleId}: ${m.message}`));
        failures.push(`${url}: invalid HTML: ${messages.slice(0, 3).join("; ")}`);
      }
    }

    for (const rest of NOT_FOUND_CASES) {
      const url = localizePath(rest, locale.code);
      const response = await request.get(url, { maxRedirects: 0 });
      const html = await response.text();
      if (response.status() !== 404) failures.push(`${url}: status ${response.status()}, want 404`);
      if (!html.includes(`<html lang="${locale.iso}" dir="${locale.dir}">`))
        failures.push(`${url}: wrong lang/dir on 404`);
      if (!html.includes("<header") || !html.includes("<footer")) failures.push(`${url}: 404 without header/footer`);
      if (!html.includes(url)) failures.push(`${url}: 404 does not show the path`);
    }
    expect(failures).toEqual([]);
  });
}
