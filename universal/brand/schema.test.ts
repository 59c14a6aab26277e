import { describe, expect, it } from "vitest";
import { brandSchema } from "./schema";

const valid = { name: "Northwind VPN", shortName: "Northwind", colours: { primary: "#0B6B3A", accent: "#b4235a" } };

/** The first problem as the brand module reports it: `path message`. */
function problem(input: unknown): string | null {
  const parsed = brandSchema.safeParse(input);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return `${issue?.path.join(".")} ${issue?.message}`;
}

describe("brandSchema", () => {
  it("fills the defaults and lower-cases colours", () => {
    expect(brandSchema.parse(valid)).toEqual({
      ...valid,
      colours: { primary: "#0b6b3a", accent: "#b4235a" },
      supportEmail: "support@localhost",
      social: [],
      helpCenter: {},
    });
  });

  it.each([
    [
      { ...valid, colours: { primary: "green", accent: "#b4235a" } },
      "colours.primary must be a colour written #rrggbb",
    ],
    [
      { ...valid, colours: { primary: "#0b6b3a" } },
      "colours.accent Invalid input: expected string, received undefined",
    ],
    [{ ...valid, name: "<b>Acme</b>" }, "name may use letters, digits, spaces and . & ' + -"],
    [{ ...valid, supportEmail: "not an address" }, "supportEmail must be an e-mail address"],
    [{ ...valid, social: [{ network: "x", url: "http://x.com/acme" }] }, "social.0.url must be an https:// URL"],
    [{ ...valid, social: [{ network: "myspace", url: "https://myspace.com/acme" }] }, "social.0.network"],
    [{ ...valid, helpCenter: { english: "https://help.example/" } }, "helpCenter.english"],
    [{ ...valid, helpCenter: { de: "javascript:alert(1)" } }, "helpCenter.de must be an https:// URL"],
    [{ ...valid, logo: "logo.png" }, ' Unrecognized key: "logo"'],
  ])("refuses %o: %s", (input, expected) => {
    expect(problem(input)).toContain(expected);
  });

  it("takes social links and help-centre URLs per language", () => {
    const brand = brandSchema.parse({
      ...valid,
      social: [{ network: "mastodon", url: "https://mastodon.example/@northwind" }],
      helpCenter: { default: "https://help.example/", ru: "https://help.example/ru" },
    });
    expect(brand.social).toEqual([{ network: "mastodon", url: "https://mastodon.example/@northwind" }]);
    expect(brand.helpCenter.ru).toBe("https://help.example/ru");
  });
});
