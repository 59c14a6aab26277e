import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { contrastProblem, themeDeclarations } from "../core/brand/colours.ts";
import { inlineSvg, svgProblem } from "../core/brand/svg.ts";
import { BRAND } from "../universal/brand/brand.ts";
import { BRAND_FILES } from "../universal/brand/files.ts";
import { CLAIMS, SERVER_COUNTS } from "../universal/claims/claims.ts";

const root = path.resolve(import.meta.dirname, "..");
const brandDir = path.join(root, "content/brand");
const LOGO = path.join(brandDir, "logo.svg");
const FAVICON = path.join(brandDir, "favicon.svg");
const STYLESHEET = path.join(root, "app/app.css");
const VALIDATED_BRAND = path.join(root, "universal/brand/validated.ts");
const VALIDATED_CLAIMS = path.join(root, "universal/claims/claims.ts");

/** One line naming the brand file and what is wrong: what the build stops with. */
class BrandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BrandError";
    this.stack = `${this.name}: ${message}`;
  }
}

function readSvg(file: string, inline: boolean): string {
  const source = readFileSync(file, "utf8");
  const problem = svgProblem(source, { inline });
  if (problem) throw new BrandError(`${path.relative(root, file)} ${problem}`);
  return source;
}

/** The logo as a file of its own: the page's currentColor becomes the accent, and it gets a size. */
function standaloneLogo(source: string): string {
  return inlineSvg(source)
    .replace(/\s(aria-hidden|focusable|width|height)="[^"]*"/g, "")
    .replace(/^<svg\b/, '<svg width="512" height="512"')
    .replace(/currentColor/g, BRAND.colours.accent);
}

function webManifest(): string {
  return JSON.stringify(
    {
      name: BRAND.name,
      short_name: BRAND.shortName,
      start_url: "/",
      display: "browser",
      theme_color: BRAND.colours.primary,
      background_color: "#ffffff",
      icons: [{ src: BRAND_FILES.favicon, type: "image/svg+xml", sizes: "any" }],
    },
    null,
    2,
  );
}

/** Replaces app.css's default brand shades with the brand's; a missing one is an error, never a silent skip. */
export function applyTheme(css: string, declarations: Record<string, string>): string {
  let result = css;
  for (const [name, value] of Object.entries(declarations)) {
    const pattern = new RegExp(`(${name}\\s*:\\s*)[^;]+;`);
    if (!pattern.test(result)) throw new BrandError(`app/app.css has no ${name} in its @theme`);
    result = result.replace(pattern, `$1${value};`);
  }
  return result;
}

/**
 * The brand at build: checks its colours (WCAG AA) and SVG files, writes its colours into
 * app/app.css's @theme (one style sheet, no inline styles), gives the app the validated brand as
 * plain data (universal/brand/validated.ts, and universal/claims/claims.ts likewise: no zod in the browser), inlines the logo for the header
 * (`content/brand/logo.svg?raw`), and writes the favicon, the web manifest and the press-room
 * logo into the client build. Decision 027.
 */
export function brandPlugin(): Plugin {
  return {
    name: "veilport:brand",
    enforce: "pre",
    buildStart() {
      const contrast = contrastProblem(BRAND.colours);
      if (contrast) throw new BrandError(`content/brand/brand.ts colours: ${contrast}`);
      readSvg(LOGO, true);
      readSvg(FAVICON, false);
      this.addWatchFile(LOGO);
      this.addWatchFile(FAVICON);
    },
    load(id) {
      const [file, query] = id.split("?");
      // The brand this build validated, as plain data: the pages need no zod to read it.
      if (file === VALIDATED_BRAND) return `export const BRAND = ${JSON.stringify(BRAND)};`;
      // The same for the claims (decision 028), checked when this plugin loaded them.
      if (file === VALIDATED_CLAIMS) {
        return `export const CLAIMS = ${JSON.stringify(CLAIMS)};\nexport const SERVER_COUNTS = ${JSON.stringify(SERVER_COUNTS)};`;
      }
      if (file === LOGO && query === "raw") return `export default ${JSON.stringify(inlineSvg(readSvg(LOGO, true)))};`;
      return null;
    },
    transform(code, id) {
      // The style sheet itself, not the modules Vite makes of it (?url gives its address).
      if (id.split("?")[0] !== STYLESHEET || !code.includes("@theme")) return null;
      return { code: applyTheme(code, themeDeclarations(BRAND.colours)), map: null };
    },
    generateBundle() {
      if (this.environment && this.environment.name !== "client") return;
      const logo = readSvg(LOGO, true);
      this.emitFile({ type: "asset", fileName: BRAND_FILES.favicon.slice(1), source: readSvg(FAVICON, false) });
      this.emitFile({ type: "asset", fileName: BRAND_FILES.manifest.slice(1), source: webManifest() });
      this.emitFile({ type: "asset", fileName: BRAND_FILES.pressLogo.slice(1), source: standaloneLogo(logo) });
    },
  };
}
