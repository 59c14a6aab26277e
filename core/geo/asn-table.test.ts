import { describe, expect, it } from "vitest";
import { AsnTable } from "./asn-table";

const csv = [
  '16777216,16777471,13335,"Cloudflare, Inc."',
  "16778240,16779263,38803,Gtelecom Pty Ltd",
  "134744064,134744319,15169,Google LLC",
  "",
].join("\n");

describe("AsnTable", () => {
  const table = AsnTable.fromCsv(csv, 4);

  it("finds the range holding an address, at its edges too", () => {
    expect(table.size).toBe(3);
    expect(table.find(16777216)).toEqual({ asn: 13335, organisation: "Cloudflare, Inc." });
    expect(table.find(16777471)).toEqual({ asn: 13335, organisation: "Cloudflare, Inc." });
    expect(table.find(16778300)).toEqual({ asn: 38803, organisation: "Gtelecom Pty Ltd" });
    expect(table.find(134744072)).toEqual({ asn: 15169, organisation: "Google LLC" });
  });

  it("answers nothing between ranges and outside them", () => {
    expect(table.find(16777472)).toBeUndefined();
    expect(table.find(0)).toBeUndefined();
    expect(table.find(4294967295)).toBeUndefined();
  });

  it("reads IPv6 ranges as bigints", () => {
    const v6 = AsnTable.fromCsv(
      "42540488161975842760550356425300246528,42540488241204005274814694018844196863,6939,Hurricane Electric LLC\n",
      6,
    );
    expect(v6.find(42540488161975842760550356425300246529n)).toEqual({
      asn: 6939,
      organisation: "Hurricane Electric LLC",
    });
    expect(v6.find(1n)).toBeUndefined();
  });
});
