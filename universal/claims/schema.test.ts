import { describe, expect, it } from "vitest";
import claimsFile from "../../content/claims";
import { makesClaim } from "./makes-claim";
import { claimsSchema, NO_CLAIMS } from "./schema";

const valid = { moneyBackDays: 30, noLogs: true, noLogsReportUrl: null, protocols: ["wireguard", "openvpn"] };

describe("claimsSchema", () => {
  it("accepts the shipped claims file and a site that promises nothing", () => {
    expect(claimsSchema.safeParse(claimsFile).success).toBe(true);
    expect(claimsSchema.safeParse(NO_CLAIMS).success).toBe(true);
  });

  it("reads a money-back window of zero days as no promise (decision 035: 0 turns it off)", () => {
    expect(claimsSchema.parse({ ...valid, moneyBackDays: 0 }).moneyBackDays).toBeNull();
  });

  it.each([
    { name: "a negative money-back window", change: { moneyBackDays: -1 }, path: "moneyBackDays" },
    { name: "a money-back window in fractions of a day", change: { moneyBackDays: 14.5 }, path: "moneyBackDays" },
    { name: "a money-back window over a year", change: { moneyBackDays: 400 }, path: "moneyBackDays" },
    { name: "a protocol the site has no text for", change: { protocols: ["pptp"] }, path: "protocols.0" },
    { name: "a protocol listed twice", change: { protocols: ["wireguard", "wireguard"] }, path: "protocols" },
    {
      name: "a report that is not https",
      change: { noLogsReportUrl: "http://example.com/audit" },
      path: "noLogsReportUrl",
    },
    {
      name: "a report of a no-logs promise that is not made",
      change: { noLogs: false, noLogsReportUrl: "https://example.com/audit" },
      path: "noLogsReportUrl",
    },
    { name: "a misspelt setting", change: { moneyBackDay: 30 }, path: "" },
  ])("refuses $name", ({ change, path }) => {
    const result = claimsSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.join(".")).toBe(path);
  });
});

describe("makesClaim", () => {
  it.each([
    { claim: "moneyBack", claims: valid, made: true },
    { claim: "moneyBack", claims: { ...valid, moneyBackDays: null }, made: false },
    { claim: "noLogs", claims: valid, made: true },
    { claim: "noLogs", claims: { ...valid, noLogs: false }, made: false },
    { claim: "protocols", claims: valid, made: true },
    { claim: "protocols", claims: { ...valid, protocols: [] }, made: false },
  ] as const)("$claim: $made", ({ claim, claims, made }) => {
    expect(makesClaim(claimsSchema.parse(claims), claim)).toBe(made);
  });
});
