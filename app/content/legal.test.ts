import { describe, expect, it } from "vitest";
import { buildLegalLibrary, legalText } from "./legal.server";

const site = {
  brand: "Example VPN",
  legalEntity: "Example <VPN> Ltd",
  legalAddress: "1 High Street, London",
  governingLaw: "England and Wales",
  privacyEmail: "privacy@vpn.example",
  supportEmail: "help@vpn.example",
};

describe("legal texts", () => {
  it("fills the operator's details in, escaped, and links stay in the reader's language", () => {
    const text = legalText("privacy-policy", "de", site);
    expect(text.html).toContain("Example &lt;VPN&gt; Ltd");
    expect(text.html).toContain("privacy@vpn.example");
    expect(text.html).not.toMatch(/\{\{\w+\}\}/);
    expect(text.html).not.toMatch(/href="\/(?!de\/)[a-z]/);
    expect(text.headings.length).toBeGreaterThan(5);
    expect(text.effective).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("shows English, flagged, where a language has no translation, and names the languages it has", () => {
    const english = legalText("cookie-policy", "en", site);
    expect(english.fallback).toBe(false);
    expect(english.locales).toContain("en");
    const other = legalText("cookie-policy", "nl", site);
    expect(other.fallback).toBe(!other.locales.includes("nl"));
  });

  it("fails the build on a bad file", () => {
    const good = (page: string) =>
      `---\npage: ${page}\ntitle: "Terms"\ndescription: "${"d".repeat(60)}"\neffective: 2025-11-01\nupdated: 2026-11-01\n---\n${"Text. ".repeat(300)}`;
    const all = Object.fromEntries(
      ["privacy-policy", "terms-of-service", "termsuse", "cookie-policy-2025"].map((page) => [
        `/content/legal/en/${page}.md`,
        good(page),
      ]),
    );
    expect(buildLegalLibrary(all).size).toBe(4);
    expect(() =>
      buildLegalLibrary({ ...all, "/content/legal/en/termsuse.md": good("termsuse").replace("Text.", "{{ceo}}") }),
    ).toThrow("content/legal/en/termsuse.md: unknown placeholder {{ceo}}");
    expect(() =>
      buildLegalLibrary({
        ...all,
        "/content/legal/de/termsuse.md": good("termsuse").replace("2025-11-01", "2025-12-01"),
      }),
    ).toThrow("dates differ from the English original");
    const { ["/content/legal/en/termsuse.md"]: _, ...missing } = all;
    expect(() => buildLegalLibrary(missing)).toThrow("content/legal/en/termsuse.md is missing");
  });
});
