import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../universal/i18n/locales";
import { receiptFonts } from "../billing/receipt-fonts";
import { renderVoucherCardsPdf, voucherPeriod, wrapText } from "./voucher-cards-pdf";

describe("voucherPeriod", () => {
  it.each<[number, number, Locale, string]>([
    [12, 0, "en", "12 months"],
    [0, 30, "en", "30 days"],
    [1, 7, "en", "1 month, 7 days"],
    [12, 7, "de", "12 Monate, 7 Tage"],
    [1, 0, "ja", "1 か月"],
  ])("%i months and %i days in %s: %s", (months, days, locale, expected) => {
    expect(voucherPeriod(months, days, locale)).toBe(expected);
  });
});

describe("wrapText", () => {
  // One point per character: lines of at most ten characters.
  const width = async (text: string) => text.length;
  it.each<[string, Locale, string[]]>([
    ["short", "en", ["short"]],
    ["one two three four", "en", ["one two", "three four"]],
    ["averyveryverylongword fits", "en", ["averyveryverylongword", "fits"]],
    // No spaces in Japanese: the line breaks between words.
    ["コードを知っている人は誰でも使えます", "ja", ["コードを知っている人", "は誰でも使えます"]],
  ])("%s", async (text, locale, lines) => {
    expect(await wrapText(text, 10, width, locale)).toEqual(lines);
  });
});

const batch = {
  id: 7,
  plan_id: "1-year",
  period_months: 12,
  period_days: 0,
  count: 12,
  redeemed: 0,
  expires_at: "2027-06-30T00:00:00.000Z",
  reseller: "Kiosk Nord",
  created_by: "cli",
  created_at: "2026-11-29T00:00:00.000Z",
};
const codes = Array.from({ length: 12 }, (_, index) => `7K3M-Q9XD-2HNP-W4TB-CF${String(index).padStart(2, "0")}`);

/** The text a reader extracts from the PDF (poppler's pdftotext, as a reseller's tooling would). */
function extractedText(pdf: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), "voucher-cards-")), "cards.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

describe("renderVoucherCardsPdf", () => {
  it.each<[Locale, string, string]>([
    ["en", "Prepaid VPN voucher", "Redeem by June 30, 2027"],
    ["de", "Prepaid-VPN-Gutschein", "Einlösbar bis 30. Juni 2027"],
    // Thai marks come out of pdftotext reordered: the Thai font's presence is checked instead.
    ["th", "NotoSansThai", "https://vpn.example.com/th/redeem"],
  ])(
    "prints ten cards a page in %s, each with its code and where to redeem it",
    async (locale, title, line) => {
      const pdf = await renderVoucherCardsPdf({
        batch,
        codes,
        brand: "Northwind VPN",
        redeemUrl: `https://vpn.example.com/${locale}/redeem`,
        locale,
        fonts: receiptFonts(),
      });
      const document = await PDFDocument.load(pdf);
      expect(document.getPageCount()).toBe(2);
      expect(document.getTitle()).toContain("Kiosk Nord");
      const text = extractedText(pdf);
      for (const code of codes) expect(text).toContain(code);
      expect(text.split("Northwind VPN")).toHaveLength(codes.length + 1);
      expect(locale === "th" ? new TextDecoder("latin1").decode(pdf) : text).toContain(title);
      expect(text).toContain(line);
    },
    30_000,
  );
});
