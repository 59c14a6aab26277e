import { createHash } from "node:crypto";

/**
 * A prerendered page made fit to be served as a static file: no nonce attributes, the public
 * origin in place of the build's, and the CSP sources that allow exactly its inline code.
 */
export interface StaticPage {
  html: string;
  /** `'sha256-…'` sources of the inline scripts the browser runs. */
  scriptHashes: string[];
  /** `'sha256-…'` sources of inline `<style>` elements (none today). */
  styleHashes: string[];
}

/** Script types a browser executes (a JSON or JSON-LD block is data: CSP does not apply to it). */
const EXECUTED_TYPES = new Set(["", "module", "text/javascript", "application/javascript"]);
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;

const cspHash = (code: string) => `'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`;

const HAS_SRC = /\ssrc\s*=/i;
const TYPE = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** The CSP hash sources of the inline scripts a browser would run, in document order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", code = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (HAS_SRC.test(` ${attributes}`)) continue;
    const typeMatch = TYPE.exec(` ${attributes}`);
    const type = (typeMatch?.[1] ?? typeMatch?.[2] ?? typeMatch?.[3] ?? "").trim().toLowerCase();
    if (EXECUTED_TYPES.has(type)) hashes.add(cspHash(code));
  }
  return [...hashes];
}

export function inlineStyleHashes(html: string): string[] {
  return [...new Set([...html.matchAll(INLINE_STYLE)].map(([, css = ""]) => cspHash(css)))];
}

/** Removes every `nonce="<placeholder>"` attribute a build-time render wrote. */
export function withoutNonce(html: string, placeholder: string): string {
  return html.replaceAll(` nonce="${placeholder}"`, "");
}

/**
 * The page as served: origin swapped (prerendering does not know the public origin), nonces
 * gone, hashes computed from the final bytes (the origin is inside the inline loader data).
 */
export function staticPage(
  html: string,
  options: { noncePlaceholder: string; fromOrigin: string; toOrigin: string },
): StaticPage {
  const final = withoutNonce(html, options.noncePlaceholder).replaceAll(options.fromOrigin, options.toOrigin);
  return { html: final, scriptHashes: inlineScriptHashes(final), styleHashes: inlineStyleHashes(final) };
}

/** A strong validator from the bytes sent (one per content coding, as HTTP asks of a strong ETag). */
export function strongEtag(bytes: Uint8Array | string, coding: "identity" | "br" | "gzip"): string {
  const digest = createHash("sha256").update(bytes).digest("base64url").slice(0, 27);
  return coding === "identity" ? `"${digest}"` : `"${digest}-${coding}"`;
}

/** If-None-Match holds this ETag (weak comparison, as RFC 9110 asks for If-None-Match), or is `*`. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}
