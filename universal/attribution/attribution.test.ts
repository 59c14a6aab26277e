import { describe, expect, it } from "vitest";
import { currentAttribution, INVITE_SOURCE, landingChanges } from "./attribution";
import { parseAttribution } from "./attribution.schema";

const changes = (query: string, remembered = {}) => landingChanges(new URLSearchParams(query), remembered);
const set = (query: string) =>
  Object.fromEntries(
    changes(query)
      .cookies.filter((c) => c.value !== null)
      .map((c) => [c.name, [c.value, c.maxAgeDays]]),
  );
const cleared = (query: string) =>
  changes(query)
    .cookies.filter((c) => c.value === null)
    .map((c) => c.name)
    .sort();

describe("landing attribution rules (SPEC §4, §9)", () => {
  it("changes nothing for a plain visit", () => {
    expect(changes("")).toEqual({ cookies: [], campaign: null });
    expect(changes("q=vpn")).toEqual({ cookies: [], campaign: null });
  });

  it("utm_source clears every attribution cookie and starts a new campaign", () => {
    expect(cleared("utm_source=news")).toEqual(["_aid", "cf-click", "cje", "cje-client"]);
    expect(changes("utm_source=news&utm_medium=email", { utm_campaign: "old", channel: "x" }).campaign).toEqual({
      utm_source: "news",
      utm_medium: "email",
    });
  });

  it("cjevent sets cje and cje-client for 45 days and clears the others", () => {
    expect(set("cjevent=abc")).toEqual({ cje: ["abc", 45], "cje-client": ["abc", 45] });
    expect(cleared("cjevent=abc")).toEqual(["_aid", "cf-click"]);
  });

  it("cfclick sets cf-click for 30 days and clears the others", () => {
    expect(set("cfclick=c1")).toEqual({ "cf-click": ["c1", 30] });
    expect(cleared("cfclick=c1")).toEqual(["_aid", "cje", "cje-client"]);
  });

  it("admitad_uid sets _aid for 45 days and clears the others", () => {
    expect(set("admitad_uid=u9")).toEqual({ _aid: ["u9", 45] });
    expect(cleared("admitad_uid=u9")).toEqual(["cf-click", "cje", "cje-client"]);
  });

  it("the last affiliate id in the URL wins; utm_source with one keeps the affiliate", () => {
    expect(set("cjevent=a&admitad_uid=b")).toEqual({ _aid: ["b", 45] });
    expect(set("utm_source=partner&cfclick=z")).toEqual({ "cf-click": ["z", 30] });
  });

  it("keeps utm_tags with the other campaign fields, and the server's schema accepts it", () => {
    const campaign = changes("utm_source=news&utm_tags=spring,promo").campaign;
    expect(campaign).toEqual({ utm_source: "news", utm_tags: "spring,promo" });
    expect(parseAttribution(campaign)).toEqual({ utm_source: "news", utm_tags: "spring,promo" });
  });

  it("from=invite marks invite source 30001 with the invite fields", () => {
    expect(changes("from=invite&invite_type=friend&invite_code=K7").campaign).toEqual({
      invite_type: "friend",
      invite_code: "K7",
      invite_source: INVITE_SOURCE,
    });
  });

  it("campaign fields without utm_source add to the remembered campaign", () => {
    expect(changes("channel=tv", { utm_source: "news" }).campaign).toEqual({ utm_source: "news", channel: "tv" });
  });

  it("ignores empty, oversized and control-character values", () => {
    expect(changes(`cjevent=&utm_source=${"x".repeat(201)}&channel=a%0Ab`)).toEqual({ cookies: [], campaign: null });
  });
});

describe("the attribution attached to sign-ups, orders and events", () => {
  it("names the affiliate from its cookie, with the campaign and the visitor id", () => {
    expect(currentAttribution({ cje: "abc", "cje-client": "abc" }, { utm_source: "cj" }, "front_1234")).toEqual({
      utm_source: "cj",
      affiliate_network: "cj",
      affiliate_click_id: "abc",
      front_id: "front_1234",
    });
    expect(currentAttribution({ _aid: "u9" }, {})).toEqual({ affiliate_network: "admitad", affiliate_click_id: "u9" });
  });

  it("keeps only known, valid fields from a client", () => {
    expect(
      parseAttribution({ utm_source: "x", affiliate_network: "evil", front_id: "no spaces!", extra: "y", channel: 5 }),
    ).toEqual({ utm_source: "x" });
    expect(parseAttribution(null)).toEqual({});
  });
});
