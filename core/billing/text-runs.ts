/**
 * Splits a text into runs that one font can draw each: a character stays in the current run when
 * its font has it (so spaces and digits inside Arabic or Japanese stay there), else it goes to
 * the first font that has it. A character no font has becomes "?" in the first font: visible.
 */
export interface TextRun {
  font: number;
  text: string;
}

export function textRuns(text: string, fonts: ReadonlyArray<{ has(codePoint: number): boolean }>): TextRun[] {
  const runs: TextRun[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    const current = runs.at(-1);
    if (current && fonts[current.font]?.has(codePoint)) {
      current.text += char;
      continue;
    }
    const found = fonts.findIndex((font) => font.has(codePoint));
    const font = found === -1 ? 0 : found;
    const drawn = found === -1 ? "?" : char;
    if (current && current.font === font) current.text += drawn;
    else runs.push({ font, text: drawn });
  }
  return runs;
}

/** Whether a run is written right to left (Arabic letters in it). */
export const isRightToLeft = (text: string): boolean => /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/.test(text);
