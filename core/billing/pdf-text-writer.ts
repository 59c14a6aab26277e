import { type Color, type PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import type { ReceiptFont } from "./receipt-fonts";
import { isRightToLeft, type TextRun, textRuns } from "./text-runs";

/** Draws lines of mixed scripts: each run in a font that has it, placed from the line's start side. */
export class PdfTextWriter {
  private embedded = new Map<number, PDFFont>();
  constructor(
    private doc: PDFDocument,
    private page: PDFPage,
    private fonts: ReceiptFont[],
    private rtl: boolean,
  ) {}

  /** The page drawn on (a document of several pages moves the writer along). */
  setPage(page: PDFPage) {
    this.page = page;
  }

  private async font(index: number): Promise<PDFFont> {
    let font = this.embedded.get(index);
    if (!font) {
      const file = this.fonts[index]!;
      font = await this.doc.embedFont(file.bytes, { subset: file.subset });
      this.embedded.set(index, font);
    }
    return font;
  }

  /** Width of a text at a size (runs measured in their fonts). */
  async width(text: string, size: number): Promise<number> {
    let width = 0;
    for (const run of textRuns(text, this.fonts))
      width += (await this.font(run.font)).widthOfTextAtSize(run.text, size);
    return width;
  }

  /**
   * Writes a text whose start is `start` points in from the start side (left, or right in
   * Arabic). Runs follow each other from that side: enough for names, addresses and labels,
   * which are one script each or a script with numbers (no full bidi algorithm).
   */
  async write(text: string, start: number, y: number, size: number, color: Color = rgb(0.06, 0.09, 0.16)) {
    let runs: TextRun[] = textRuns(text, this.fonts);
    // An Arabic line reads from the right: its runs go right to left; a Latin value stays as it is.
    const rightToLeft = this.rtl && isRightToLeft(text);
    // Numbers and the spaces at a run's edges become runs of their own first: numbers keep their
    // left-to-right order (Persian digits share the Arabic font's run), spaces land between runs.
    if (rightToLeft) runs = runs.flatMap(rightToLeftPieces).reverse();
    const total = await this.width(text, size);
    let x = this.rtl ? this.page.getWidth() - start - total : start;
    for (const run of runs) {
      const font = await this.font(run.font);
      this.page.drawText(run.text, { x, y, size, font, color });
      x += font.widthOfTextAtSize(run.text, size);
    }
  }
}

const NUMBER = /([0-9\u0660-\u0669\u06F0-\u06F9]+(?:[.,:/\u066B\u066C][0-9\u0660-\u0669\u06F0-\u06F9]+)*)/u;

/**
 * A run of a right-to-left line as the pieces drawn in reverse order: its numbers (which read left
 * to right) and the spaces at its pieces' edges apart from its words.
 */
export function rightToLeftPieces(run: TextRun): TextRun[] {
  return run.text
    .split(NUMBER)
    .flatMap((part) => {
      const [, lead = "", core = "", trail = ""] = /^(\s*)(.*?)(\s*)$/su.exec(part) ?? [];
      return [lead, core, trail];
    })
    .filter((text) => text)
    .map((text) => ({
      font: run.font,
      text: ARABIC_DIGITS.test(text) && NUMBER.test(text) ? [...text].reverse().join("") : text,
    }));
}

/**
 * Arabic-Indic digits are of the Arabic script, so the font's layout sets them right to left like
 * letters: a number in them is handed over reversed to come out in reading order.
 */
const ARABIC_DIGITS = /^[\u0660-\u0669\u06F0-\u06F9.,:/\u066B\u066C]+$/u;
