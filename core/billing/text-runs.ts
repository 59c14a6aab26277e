/**
 * Splits a text into runs that one font draws each and that read in one direction: a character
 * stays in the current run when that run's font has it and it does not change the direction
 * (spaces and punctuation never do), else it goes to the first font that has it. So a Latin VAT
 * ID or a year inside an Arabic line is a run of its own, laid out left to right. A character no
 * font has becomes "?" in the first font: visible, never dropped.
 */
export interface TextRun {
  font: number;
  text: string;
}

type Direction = "ltr" | "rtl" | null;

/** Whether a text holds Arabic (or Hebrew) letters, which read right to left. */
export const isRightToLeft = (text: string): boolean => /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/.test(text);

function directionOf(char: string): Direction {
  if (isRightToLeft(char)) return "rtl";
  return /[\p{L}\p{N}]/u.test(char) ? "ltr" : null;
}

export function textRuns(text: string, fonts: ReadonlyArray<{ has(codePoint: number): boolean }>): TextRun[] {
  const runs: Array<TextRun & { direction: Direction }> = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    const direction = directionOf(char);
    const current = runs.at(-1);
    const sameDirection =
      !current || direction === null || current.direction === null || current.direction === direction;
    if (current && sameDirection && fonts[current.font]?.has(codePoint)) {
      current.text += char;
      current.direction ??= direction;
      continue;
    }
    const found = fonts.findIndex((font) => font.has(codePoint));
    const font = found === -1 ? 0 : found;
    const drawn = found === -1 ? "?" : char;
    if (current && current.font === font && sameDirection) {
      current.text += drawn;
      current.direction ??= direction;
    } else runs.push({ font, text: drawn, direction });
  }
  return runs.map(({ font, text: runText }) => ({ font, text: runText }));
}
