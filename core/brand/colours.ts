/**
 * The brand's colours as the UI uses them: the four shades app/app.css names (--color-brand-50,
 * 600, 700, 900), derived from the brand file's primary and accent, and the WCAG contrast checks
 * a brand must pass to build. Pure: the build plugin and the tests call them.
 */

type Rgb = readonly [number, number, number];

const WHITE = "#ffffff";
const BLACK = "#000000";

function parseHex(hex: string): Rgb {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [Number.parseInt(match[1]!, 16), Number.parseInt(match[2]!, 16), Number.parseInt(match[3]!, 16)];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, "0")).join("")}`;
}

/** `amount` of the way from `from` to `to` (0 = from, 1 = to), channel by channel. */
export function mix(from: string, to: string, amount: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  return toHex([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * amount) as unknown as Rgb);
}

/** WCAG 2 relative luminance. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio between two colours, 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export interface BrandShades {
  /** Tinted backgrounds (cards, hover rows). */
  50: string;
  /** Hover on buttons, the focus ring, the logo's currentColor: the accent. */
  600: string;
  /** Buttons and links: the primary. */
  700: string;
  /** Deep backgrounds and headings on tints. */
  900: string;
}

export function brandShades(colours: { primary: string; accent: string }): BrandShades {
  return {
    50: mix(colours.primary, WHITE, 0.92),
    600: colours.accent,
    700: colours.primary,
    900: mix(colours.primary, BLACK, 0.35),
  };
}

/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;

/** Each pairing the UI draws: text colour on background colour. */
const PAIRS: ReadonlyArray<{ what: string; text: (s: BrandShades) => string; on: (s: BrandShades) => string }> = [
  { what: "white text on the primary (buttons)", text: () => WHITE, on: (s) => s[700] },
  { what: "the primary on white (links)", text: (s) => s[700], on: () => WHITE },
  { what: "white text on the accent (buttons on hover)", text: () => WHITE, on: (s) => s[600] },
  { what: "the primary on its tint (links on tinted sections)", text: (s) => s[700], on: (s) => s[50] },
];

/** The first pairing under 4.5:1, as one line naming the colours and the ratio; null when all pass. */
export function contrastProblem(colours: { primary: string; accent: string }): string | null {
  const shades = brandShades(colours);
  for (const pair of PAIRS) {
    const text = pair.text(shades);
    const on = pair.on(shades);
    const ratio = contrastRatio(text, on);
    if (ratio < MIN_CONTRAST) {
      return `${pair.what}: ${text} on ${on} has a contrast of ${ratio.toFixed(2)}:1, under the ${MIN_CONTRAST}:1 WCAG AA needs`;
    }
  }
  return null;
}

/** The @theme declarations app/app.css gets at build, in place of its defaults. */
export function themeDeclarations(colours: { primary: string; accent: string }): Record<string, string> {
  const shades = brandShades(colours);
  return {
    "--color-brand-50": shades[50],
    "--color-brand-600": shades[600],
    "--color-brand-700": shades[700],
    "--color-brand-900": shades[900],
  };
}
