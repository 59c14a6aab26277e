/**
 * The brand's SVG files (content/brand/logo.svg, favicon.svg) are checked at build: they are
 * inlined into every page or served from this origin, under a CSP that allows no inline script or
 * style and no other origin. Pure, so a table test covers every refusal.
 */

const MAX_BYTES = 32 * 1024;

const RULES: ReadonlyArray<{ test: RegExp; problem: string; inlineOnly?: boolean }> = [
  { test: /<!DOCTYPE|<!ENTITY/i, problem: "has a DOCTYPE or entity declaration" },
  { test: /<script\b/i, problem: "has a <script> element" },
  { test: /<foreignObject\b/i, problem: "has a <foreignObject> element" },
  { test: /\b(xlink:)?href\s*=\s*["']\s*(?!#)/i, problem: "has a link or reference to another file (href)" },
  { test: /\bon[a-z]+\s*=/i, problem: "has an event-handler attribute (on…=)" },
  { test: /url\(\s*["']?\s*(?!#)/i, problem: "refers to another file (url(…))" },
  { test: /@import\b/i, problem: "imports a style sheet" },
  { test: /javascript:/i, problem: "has a javascript: URL" },
  {
    test: /<style\b|\bstyle\s*=/i,
    problem: "has style elements or attributes, which the CSP blocks inline: use fill= and stroke=",
    inlineOnly: true,
  },
];

/** What is wrong with an SVG file, as one short phrase; null when it may be used. */
export function svgProblem(source: string, options: { inline: boolean }): string | null {
  if (Buffer.byteLength(source) > MAX_BYTES) return `is over ${MAX_BYTES / 1024} KB`;
  const body = withoutPreamble(source);
  if (!/^<svg\b/i.test(body)) return "does not start with an <svg> element";
  if (!/^<svg\b[^>]*\bxmlns\s*=\s*["']http:\/\/www\.w3\.org\/2000\/svg["']/i.test(body)) {
    return 'lacks xmlns="http://www.w3.org/2000/svg" on its <svg> element';
  }
  if (!/\bviewBox\s*=/i.test(body.slice(0, body.indexOf(">") + 1))) return "lacks a viewBox on its <svg> element";
  if (!/<\/svg>\s*$/i.test(body)) return "does not end with </svg>";
  for (const rule of RULES) {
    if (rule.inlineOnly && !options.inline) continue;
    if (rule.test.test(body)) return rule.problem;
  }
  return null;
}

/** The file without its XML declaration and leading comments. */
function withoutPreamble(source: string): string {
  return source
    .replace(/^\uFEFF/, "")
    .replace(/^\s*<\?xml[^>]*\?>/i, "")
    .replace(/^(\s*<!--[\s\S]*?-->)*/, "")
    .trim();
}

/**
 * The logo as markup to put in a page: no declaration, comments, <title> or <desc> (the mark is
 * decorative: the link around it carries the name) and no fixed width or height (the page sizes it).
 */
export function inlineSvg(source: string): string {
  const body = withoutPreamble(source)
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(title|desc)\b[^>]*>[\s\S]*?<\/\1>/gi, "")
    .replace(/>\s+</g, "><");
  return body.replace(/^<svg\b[^>]*>/i, (open) =>
    open
      .replace(/\s(width|height)\s*=\s*(["'])[^"']*\2/gi, "")
      .replace(/^<svg\b/i, '<svg aria-hidden="true" focusable="false" width="100%" height="100%"'),
  );
}
