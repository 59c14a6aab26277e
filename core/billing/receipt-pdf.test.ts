import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import type { ReceiptView } from "../../universal/billing/payment-record";
import type { Locale } from "../../universal/i18n/locales";
import { receiptFonts } from "./receipt-fonts";
import { renderReceiptPdf } from "./receipt-pdf";

const view = (name: string, address: string): ReceiptView => ({
  payment: {
    order_id: "ord_0123456789abcdef",
    paid_at: "2026-11-02T10:00:00.000Z",
    plan_id: "1y",
    plan_months: 12,
    amount_minor: 5988,
    currency: "USD",
    provider: "s1",
    processor: "stripe",
    status: "paid",
    refund: null,
    has_receipt: true,
  },
  issuer: {
    brand: "Northwind",
    legalEntity: "Northwind Ltd",
    legalAddress: "1 Quay St\nDublin",
    supportEmail: "help@example.com",
  },
  buyer: { name, address, vat_id: "DE123456789", email: "buyer@example.com" },
});

describe("renderReceiptPdf", () => {
  it.each<[Locale, string, string]>([
    ["en", "Ada Lovelace", "12 St James's Square\nLondon"],
    ["ar", "محمد العلي", "شارع الملك فهد\nالرياض"],
    ["ja", "山田 太郎", "東京都千代田区1-1"],
    ["ru", "Пётр Ильич", "Невский пр., 1\nСанкт-Петербург"],
  ])(
    "makes a one-page PDF in %s with %s",
    async (locale, name, address) => {
      const bytes = await renderReceiptPdf(view(name, address), locale, receiptFonts());
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
      const document = await PDFDocument.load(bytes);
      expect(document.getPageCount()).toBe(1);
      expect(document.getSubject()).toContain("ord_0123456789abcdef");
      expect(document.getSubject()).toContain("USD");
      expect(document.getSubject()).toMatch(/59[.,]88/);
    },
    30_000,
  );

  it("draws a character no font has as a visible ?, without failing", async () => {
    const bytes = await renderReceiptPdf(view("Ada \u{1F600}", ""), "en", receiptFonts());
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });
});
