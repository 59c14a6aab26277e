import { receiptOf } from "../core/billing/payment-history";
import { receiptFonts } from "../core/billing/receipt-fonts";
import { renderReceiptPdf } from "../core/billing/receipt-pdf";
import type { Database } from "../db/client";
import type { PageReceipts, ReceiptIssuer } from "../universal/billing/payment-record";

/** The signed-in user's receipts (none for an anonymous visitor: every lookup answers null). */
export function pageReceipts(db: Database, issuer: ReceiptIssuer, userId: number | undefined): PageReceipts {
  const receipt = async (orderId: string) => (userId === undefined ? null : receiptOf(db, issuer, { userId, orderId }));
  return {
    receipt,
    pdf: async (orderId, locale) => {
      const view = await receipt(orderId);
      return view ? renderReceiptPdf(view, locale, receiptFonts()) : null;
    },
  };
}
