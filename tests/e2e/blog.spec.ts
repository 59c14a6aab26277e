import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";

test("the blog home shows featured and latest articles, and categories lead to their articles", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 2, name: "Featured articles" })).toBeVisible();
  const latest = page.locator("section", { has: page.getByRole("heading", { name: "Latest articles" }) });
  await expect(latest.locator("article")).toHaveCount(6);
  await page
    .getByRole("main")
    .getByRole("link", { name: /^Security/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/blog\/category\/security$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Category: Security");
  await expect(page.locator("main article")).toHaveCount(3);
  // The introduction says what the page lists, not that it is empty.
  await expect(page.getByText("Every article in the Security category of the Veilport blog.")).toBeVisible();
  await expect(page.getByText("No articles have been published here yet.")).toHaveCount(0);
});

test("category and tag pages in other languages list their articles without saying there are none", async ({
  page,
}) => {
  for (const [locale, path] of [
    ["de", "/de/blog/category/privacy"],
    ["ar", "/ar/blog/tag/public-wifi"],
    ["ja", "/ja/blog/category/guides"],
  ] as const) {
    const { noArticles } = JSON.parse(readFileSync(`locales/${locale}/blog.json`, "utf8"));
    await page.goto(path);
    await expect(page.locator("main article").first()).toBeVisible();
    await expect(page.getByText(noArticles)).toHaveCount(0);
  }
});

test("an article has its table of contents, reading time, tags, share links, related articles and Article data", async ({
  page,
}) => {
  await page.goto("/blog/webrtc-leaks-explained");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("WebRTC");
  await expect(page.getByText(/\d+ min read/).first()).toBeVisible();
  const toc = page.getByRole("navigation", { name: "On this page" });
  const first = toc.getByRole("link").first();
  const target = (await first.getAttribute("href")) ?? "";
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(page.locator(target)).toBeInViewport();
  await expect(page.getByRole("link", { name: "WebRTC", exact: true })).toHaveAttribute("href", "/blog/tag/webrtc");
  await expect(page.getByRole("link", { name: "Share on X" })).toHaveAttribute(
    "href",
    /^https:\/\/x\.com\/intent\/post\?url=/,
  );
  const related = page.locator("section", { has: page.getByRole("heading", { name: "Related articles" }) });
  await expect(related.locator("article")).toHaveCount(3);
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(data).toMatchObject({ "@type": "Article", datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  // hreflang lists exactly the languages the article is written in.
  const hreflangs = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("hreflang")));
  expect(hreflangs).toContain("en-US");
  expect(hreflangs).toContain("x-default");
});

test("the archive pages six articles at a time, and a page past the end is not found", async ({ page }) => {
  await page.goto("/blog/more");
  await expect(page.locator("main article")).toHaveCount(6);
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await page.getByRole("link", { name: "Older articles" }).click();
  await expect(page).toHaveURL(/\/blog\/more\?page=2$/);
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  const beyond = await page.goto("/blog/more?page=3");
  expect(beyond?.status()).toBe(404);
});

test("tags list their articles; unknown categories and tags are not found", async ({ page }) => {
  await page.goto("/blog/tag/public-wifi");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tag: Public Wi-Fi");
  await expect(page.locator("main article").first()).toBeVisible();
  expect((await page.goto("/blog/category/cooking"))?.status()).toBe(404);
  expect((await page.goto("/blog/tag/cooking"))?.status()).toBe(404);
  expect((await page.goto("/blog/no-such-article"))?.status()).toBe(404);
});

test("search finds articles with the words marked, and says so when nothing matches", async ({ page }) => {
  await page.goto("/blog/search");
  await expect(page.getByText("Type a word or two to search every article.")).toBeVisible();
  await page.getByLabel("Search articles").fill("WireGuard");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/blog\/search\?q=WireGuard$/);
  await expect(page.getByRole("heading", { name: /Results for “WireGuard”/ })).toBeVisible();
  await expect(page.locator("main mark").first()).toHaveText(/wireguard/i);
  await page.getByLabel("Search articles").fill("zzqxjv");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No article matches “zzqxjv”.", { exact: false })).toBeVisible();
});

test("search ignores case, accents and hyphens: wifi finds Wi-Fi, securite finds sécurité", async ({ page }) => {
  await page.goto("/blog/search");
  await page.getByLabel("Search articles").fill("wifi");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { name: /Results for “wifi”/ })).toBeVisible();
  await expect(page.locator("main mark").first()).toHaveText("Wi-Fi");
  await page.goto("/fr/blog/search?q=securite");
  await expect(page.locator("main mark", { hasText: /^sécurité$/i }).first()).toBeVisible();
  await page.goto("/ja/blog/search?q=WIFI");
  await expect(page.locator("main ol > li").first()).toBeVisible();
  await expect(page.locator("main mark").first()).toHaveText("Wi-Fi");
});

test("the RSS and Atom feeds are well-formed and list every article", async ({ page, request }) => {
  for (const [path, type, item] of [
    ["/blog/rss.xml", "application/rss+xml", "item"],
    ["/de/blog/atom.xml", "application/atom+xml", "entry"],
  ] as const) {
    const response = await request.get(path);
    expect(response.headers()["content-type"]).toContain(type);
    const xml = await response.text();
    await page.goto("/blog");
    const parsed = await page.evaluate(
      ([text, tag]) => {
        const doc = new DOMParser().parseFromString(text, "application/xml");
        return { error: doc.querySelector("parsererror") !== null, items: doc.getElementsByTagName(tag).length };
      },
      [xml, item] as const,
    );
    expect(parsed).toEqual({ error: false, items: 12 });
  }
});

test("the footer's guarantee link says what the page it leads to offers", async ({ page }) => {
  await page.goto("/blog");
  await page.getByRole("contentinfo").getByRole("link", { name: "30-day money-back guarantee" }).click();
  await expect(page).toHaveURL(/\/vpn-trial$/);
  await expect(page.getByRole("heading", { level: 2, name: "How the money-back guarantee works" })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: /free trial/i })).toHaveCount(0);
});
