import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb } from "pdf-lib";
import { formatDate, formatDuration } from "../../universal/i18n/format";
import { type Locale, localeInfo } from "../../universal/i18n/locales";
import { translate } from "../../universal/i18n/translate";
import { PdfTextWriter } from "../billing/pdf-text-writer";
import type { ReceiptFont } from "../billing/receipt-fonts";
import { EMAIL_CATALOGUES } from "../email/catalogues";
import type { VoucherBatchSummary } from "./vouchers";

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 28;
const COLUMNS = 2;
const ROWS = 5;
/** Ten cards a page, each the size of a large business card, cut along the dashed lines. */
export const CARDS_PER_PAGE = COLUMNS * ROWS;
const CARD = { width: (A4.width - 2 * MARGIN) / COLUMNS, height: (A4.height - 2 * MARGIN) / ROWS };
const PADDING = 16;
const MUTED = rgb(0.28, 0.33, 0.41);
const CUT = rgb(0.6, 0.64, 0.7);

/** "12 months", "7 days", or both joined as the language joins a list of units ("1 year, 7 days"). */
export function voucherPeriod(months: number, days: number, locale: Locale): string {
  const parts = [
    ...(months > 0 ? [formatDuration(months, "month", locale)] : []),
    ...(days > 0 ? [formatDuration(days, "day", locale)] : []),
  ];
  return new Intl.ListFormat(localeInfo(locale).iso, { type: "unit", style: "long" }).format(parts);
}

/**
 * Breaks a text into lines no wider than `maxWidth`, at word boundaries as the language has them
 * (Intl.Segmenter: spaces in most, between words in Thai and Japanese, which have none).
 */
export async function wrapText(
  text: string,
  maxWidth: number,
  width: (text: string) => Promise<number>,
  locale: Locale,
): Promise<string[]> {
  const segments = [...new Intl.Segmenter(localeInfo(locale).iso, { granularity: "word" }).segment(text)];
  const lines: string[] = [];
  let line = "";
  for (const { segment } of segments) {
    const candidate = line + segment;
    if (line.trim() && (await width(candidate.trimEnd())) > maxWidth) {
      lines.push(line.trimEnd());
      line = segment.trimStart();
    } else line = candidate;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/**
 * A batch's codes as printable cards (decision 046): an A4 PDF, ten cards a page with cut lines,
 * each naming the brand, the VIP time, the code, where to redeem it and until when, in the
 * language the reseller's buyers read. Drawn with the receipts' fonts (decision 033).
 */
export async function renderVoucherCardsPdf(input: {
  batch: VoucherBatchSummary;
  codes: readonly string[];
  brand: string;
  /** The /redeem page's address, in the cards' language. */
  redeemUrl: string;
  locale: Locale;
  fonts: ReceiptFont[];
}): Promise<Uint8Array> {
  const { batch, codes, locale } = input;
  const resources = { email: EMAIL_CATALOGUES[locale] ?? {} };
  const t = (key: string, vars: Record<string, string> = {}) =>
    translate(resources, locale, "email", `voucherCard.${key}`, vars);
  const texts = {
    title: t("title"),
    time: t("time", { period: voucherPeriod(batch.period_months, batch.period_days, locale) }),
    codeLabel: t("code"),
    redeemAt: t("redeem"),
    validity: batch.expires_at ? t("until", { date: formatDate(new Date(batch.expires_at), locale) }) : t("noExpiry"),
    once: t("once"),
  };

  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${input.brand}: ${texts.title} (${batch.reseller}, #${batch.id})`);
  doc.setAuthor(input.brand);
  doc.setLanguage(localeInfo(locale).iso);
  const rtl = localeInfo(locale).dir === "rtl";
  let writer: PdfTextWriter | undefined;

  for (const [index, code] of codes.entries()) {
    const slot = index % CARDS_PER_PAGE;
    if (slot === 0) {
      const page = doc.addPage([A4.width, A4.height]);
      if (writer) writer.setPage(page);
      else writer = new PdfTextWriter(doc, page, input.fonts, rtl);
    }
    const page = doc.getPage(doc.getPageCount() - 1);
    const column = slot % COLUMNS;
    const row = Math.floor(slot / COLUMNS);
    // `start` counts from the reading side: the first card of a row is on the right in Arabic.
    const left = MARGIN + column * CARD.width;
    const top = A4.height - MARGIN - row * CARD.height;
    page.drawRectangle({
      x: left,
      y: top - CARD.height,
      width: CARD.width,
      height: CARD.height,
      borderColor: CUT,
      borderWidth: 0.5,
      borderDashArray: [4, 3],
    });
    const start = left + PADDING;
    let y = top - PADDING - 6;
    const w = writer as PdfTextWriter;
    await w.write(input.brand, start, y, 9, MUTED);
    y -= 16;
    await w.write(texts.title, start, y, 13);
    y -= 14;
    await w.write(texts.time, start, y, 10);
    y -= 18;
    await w.write(texts.codeLabel, start, y, 7, MUTED);
    y -= 16;
    // The code is Latin letters and digits: one run, left to right in every language.
    await w.write(code, start, y, 14);
    y -= 16;
    const inner = CARD.width - 2 * PADDING;
    for (const [text, size, color] of [
      [`${texts.redeemAt} ${input.redeemUrl}`, 8, undefined],
      [texts.validity, 8, MUTED],
      [texts.once, 7, MUTED],
    ] as const) {
      for (const line of await wrapText(text, inner, (part) => w.width(part, size), locale)) {
        await w.write(line, start, y, size, color);
        y -= size + 3.5;
      }
    }
  }
  // Uncompressed objects: a test (and a reseller's tooling) can find the codes in the file's text.
  return doc.save({ useObjectStreams: false });
}
