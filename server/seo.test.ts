import { describe, expect, it } from "vitest";
import { LOCALES } from "../universal/i18n/locales";
import { buildRobots, buildSitemap, helpCenterTarget } from "./seo";

describe("sitemap", () => {
  const xml = buildSitemap("https://vpn.example.com");

  it("lists every public page in every language with its alternates", () => {
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain("https://vpn.example.com/");
    expect(locs).toContain("https://vpn.example.com/ar/vpn-server/japan");
    expect(locs).toContain("https://vpn.example.com/pt/download/apple-tv");
    expect(locs.filter((loc) => loc?.endsWith("/pricing"))).toHaveLength(LOCALES.length);
    expect(locs).toContain("https://vpn.example.com/fa/pricing");
    expect(xml).toContain('hreflang="x-default" href="https://vpn.example.com/pricing"');
    expect(xml).toContain('hreflang="pt-BR" href="https://vpn.example.com/pt/pricing"');
    expect(xml).toContain('hreflang="fa-IR" href="https://vpn.example.com/fa/pricing"');
    expect(xml).toContain('hreflang="th-TH" href="https://vpn.example.com/th/pricing"');
  });

  it("leaves out account, checkout and pay-status pages", () => {
    expect(xml).not.toMatch(/myaccount|\/login|checkout|paystatus|paysuc|resetpassword|forgetpassword|\/redirect/);
  });
});

describe("robots.txt", () => {
  it("points to the sitemap and keeps crawlers out of account and checkout pages in every language", () => {
    const robots = buildRobots("https://vpn.example.com");
    expect(robots).toContain("Sitemap: https://vpn.example.com/sitemap.xml");
    for (const path of ["/myaccount", "/login", "/pricing/checkout", "/paystatus", "/paysuc", "/operator"]) {
      expect(robots).toContain(`Disallow: ${path}\n`);
      expect(robots).toContain(`Disallow: /*${path}\n`);
    }
  });
});

describe("help centre link", () => {
  const config = { HELP_CENTER_URL: "https://help.example.com/en", HELP_CENTER_URL_RU: "https://help.example.com/ru" };
  it("is Russian for ru and English for everything else", () => {
    expect(helpCenterTarget(config, "ru")).toBe("https://help.example.com/ru");
    expect(helpCenterTarget(config, "de")).toBe("https://help.example.com/en");
    expect(helpCenterTarget(config, "en")).toBe("https://help.example.com/en");
  });
  it("takes the brand file's URLs, per language first, with the environment winning for default and ru", () => {
    const none = { HELP_CENTER_URL: undefined, HELP_CENTER_URL_RU: undefined };
    const brand = {
      default: "https://help.brand.example/",
      de: "https://help.brand.example/de",
      ru: "https://help.brand.example/ru",
    };
    const cases: Array<[typeof none | typeof config, string, string]> = [
      [none, "de", "https://help.brand.example/de"],
      [none, "fr", "https://help.brand.example/"],
      [none, "ru", "https://help.brand.example/ru"],
      [config, "ru", "https://help.example.com/ru"],
      [config, "de", "https://help.brand.example/de"],
      [config, "fr", "https://help.example.com/en"],
    ];
    for (const [settings, locale, expected] of cases) {
      expect(helpCenterTarget(settings, locale as "de", brand)).toBe(expected);
    }
  });
  it("falls back to the contact page when not configured", () => {
    expect(helpCenterTarget({ HELP_CENTER_URL: undefined, HELP_CENTER_URL_RU: undefined }, "fr")).toBe(
      "/fr/contact-us",
    );
  });
});
