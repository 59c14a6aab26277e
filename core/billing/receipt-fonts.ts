import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import fontkit from "@pdf-lib/fontkit";

/**
 * The fonts a PDF receipt draws with (decision 033): Noto Sans for Latin, Greek and Cyrillic,
 * Noto Sans Arabic, Thai and Devanagari, and Noto Sans JP, from the @fontsource packages (WOFF files split by
 * script; Japanese comes in 125 parts). A character no font has is drawn as U+FFFD-like "?" of the
 * Latin font, visibly, never dropped. Coverage is read once per process, on first use.
 */
export interface ReceiptFont {
  /** The font file's bytes, for pdf-lib to embed (subset). */
  bytes: Uint8Array;
  /** Embed only the glyphs drawn; the Arabic font goes whole (its joined forms are composite glyphs the subsetter loses). */
  subset: boolean;
  has(codePoint: number): boolean;
}

const require = createRequire(import.meta.url);
const filesOf = (pkg: string) => join(dirname(require.resolve(`${pkg}/package.json`)), "files");

function fontFile(path: string, subset = true): ReceiptFont {
  const bytes = readFileSync(path);
  const parsed = fontkit.create(bytes);
  const covered = new Set(parsed.characterSet);
  return { bytes, subset, has: (codePoint) => covered.has(codePoint) };
}

function loadFonts(): ReceiptFont[] {
  const latin = filesOf("@fontsource/noto-sans");
  // The Arabic font as plain TrueType: the WOFF subset's joined letters come out blank once subset.
  const arabic = dirname(require.resolve("@expo-google-fonts/noto-sans-arabic/package.json"));
  const japanese = filesOf("@fontsource/noto-sans-jp");
  const japaneseParts = readdirSync(japanese)
    .filter((name) => /^noto-sans-jp-\d+-400-normal\.woff$/.test(name))
    .sort((a, b) => Number(a.split("-")[3]) - Number(b.split("-")[3]));
  return [
    ...["latin", "latin-ext", "cyrillic", "cyrillic-ext", "greek", "vietnamese"].map((subset) =>
      fontFile(join(latin, `noto-sans-${subset}-400-normal.woff`)),
    ),
    fontFile(join(arabic, "400Regular", "NotoSansArabic_400Regular.ttf")),
    fontFile(join(filesOf("@fontsource/noto-sans-thai"), "noto-sans-thai-thai-400-normal.woff")),
    ...japaneseParts.map((name) => fontFile(join(japanese, name))),
  ];
}

let fonts: ReceiptFont[] | undefined;

/** The fonts in the order they are tried; the first is the Latin one every document embeds. */
export function receiptFonts(): ReceiptFont[] {
  fonts ??= loadFonts();
  return fonts;
}
