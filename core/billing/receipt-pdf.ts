import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb } from "pdf-lib";
import type { ReceiptView } from "../../universal/billing/payment-record";
import { receiptTexts } from "../../universal/billing/receipt-texts";
import { formatPrice } from "../../universal/i18n/format";
import { type Locale, localeInfo } from "../../universal/i18n/locales";
import { translate } from "../../universal/i18n/translate";
import { EMAIL_CATALOGUES } from "../email/catalogues";
import { PdfTextWriter } from "./pdf-text-writer";
import type { ReceiptFont } from "./receipt-fonts";

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const MUTED = rgb(0.28, 0.33, 0.41);

/**
 * The receipt as a one-page A4 PDF in the buyer's language: the operator's legal details, the
 * buyer's billing details and the payment. Fonts are embedded as subsets (decision 033).
 */
export async function renderReceiptPdf(view: ReceiptView, locale: Locale, fonts: ReceiptFont[]): Promise<Uint8Array> {
  const resources = { email: EMAIL_CATALOGUES[locale] ?? {} };
  const texts = receiptTexts(view, locale, (key, vars = {}) => translate(resources, locale, "email", key, vars));
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${texts.title} ${view.payment.order_id}`);
  doc.setAuthor(view.issuer.legalEntity);
  // The amount in the document's metadata too: readable by any tool without a text extractor.
  const amount = formatPrice(view.payment.amount_minor, view.payment.currency, locale);
  doc.setSubject(`${view.payment.order_id}: ${amount} ${view.payment.currency}`);
  doc.setLanguage(localeInfo(locale).iso);
  const page = doc.addPage([A4.width, A4.height]);
  const writer = new PdfTextWriter(doc, page, fonts, localeInfo(locale).dir === "rtl");

  let y = A4.height - MARGIN - 18;
  await writer.write(view.issuer.brand, MARGIN, y, 12, MUTED);
  y -= 34;
  await writer.write(texts.title, MARGIN, y, 24);
  y -= 40;

  // Seller and buyer side by side.
  const column = (A4.width - 2 * MARGIN) / 2;
  let blockEnd = y;
  for (const [index, block] of [texts.seller, texts.buyer].entries()) {
    let line = y;
    await writer.write(block.label, MARGIN + index * column, line, 9, MUTED);
    for (const text of block.lines) {
      line -= 15;
      await writer.write(text, MARGIN + index * column, line, 11);
    }
    blockEnd = Math.min(blockEnd, line);
  }
  y = blockEnd - 36;

  // The payment: label and value on one line each, a rule under every row.
  const labelWidth = 170;
  for (const [label, value] of texts.rows) {
    await writer.write(label, MARGIN, y, 11, MUTED);
    await writer.write(value, MARGIN + labelWidth, y, 11);
    page.drawLine({
      start: { x: MARGIN, y: y - 8 },
      end: { x: A4.width - MARGIN, y: y - 8 },
      thickness: 0.5,
      color: rgb(0.89, 0.91, 0.94),
    });
    y -= 26;
  }
  y -= 18;
  await writer.write(texts.footer, MARGIN, y, 9, MUTED);
  // No compressed object streams: the amount and the ids stay findable in the file's text.
  return doc.save({ useObjectStreams: false });
}
