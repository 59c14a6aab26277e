import { z } from "zod";
import { escapeHtml } from "../../core/text/escape-html";
import { DEFAULT_LOCALE, isLocale, type Locale, localizePath } from "../i18n/locales";
import { type Heading, renderMarkdown, splitFrontMatter } from "./markdown.server";

/** The legal pages, by their key in the route table, and the file each reads. */
export const LEGAL_FILES = {
  "privacy-policy": "privacy-policy",
  "terms-of-service": "terms-of-service",
  termsuse: "termsuse",
  "cookie-policy": "cookie-policy-2025",
} as const;
export type LegalPageKey = keyof typeof LEGAL_FILES;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a YYYY-MM-DD date");
export const legalFrontMatter = z
  .object({
    page: z.enum(Object.values(LEGAL_FILES) as [string, ...string[]]),
    title: z.string().min(3).max(120),
    description: z.string().min(50).max(220),
    effective: isoDate,
    updated: isoDate,
  })
  .strict();

/** What the operator configures and the texts name: {{brand}}, {{legalEntity}}, … */
export interface SiteInfo {
  brand: string;
  legalEntity: string;
  legalAddress: string;
  governingLaw: string;
  privacyEmail: string;
  supportEmail: string;
}
const PLACEHOLDERS = ["brand", "legalEntity", "legalAddress", "governingLaw", "privacyEmail", "supportEmail"] as const;

interface LegalSource {
  locale: Locale;
  file: string;
  effective: string;
  updated: string;
  body: string;
}

/** Parses and checks every legal file; a bad field or an unknown placeholder fails the build. */
export function buildLegalLibrary(files: Record<string, string>): Map<string, Map<Locale, LegalSource>> {
  const library = new Map<string, Map<Locale, LegalSource>>();
  for (const [path, source] of Object.entries(files)) {
    const match = /legal\/([a-z]{2})\/([a-z0-9-]+)\.md$/.exec(path);
    const locale = match?.[1];
    if (!match || !isLocale(locale)) throw new Error(`${path}: not in a language folder`);
    const { data, body } = splitFrontMatter(source);
    const parsed = legalFrontMatter.safeParse(data);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
      throw new Error(`${path}: invalid front matter: ${problems}`);
    }
    if (parsed.data.page !== match[2]) throw new Error(`${path}: page ${parsed.data.page} differs from the file name`);
    for (const [, name] of body.matchAll(/\{\{(\w+)\}\}/g)) {
      if (!(PLACEHOLDERS as readonly string[]).includes(name ?? ""))
        throw new Error(`${path}: unknown placeholder {{${name}}}`);
    }
    if (body.trim().length < 1000) throw new Error(`${path}: the text is missing or too short`);
    const versions = library.get(parsed.data.page) ?? new Map<Locale, LegalSource>();
    versions.set(locale, {
      locale,
      file: parsed.data.page,
      effective: parsed.data.effective,
      updated: parsed.data.updated,
      body,
    });
    library.set(parsed.data.page, versions);
  }
  for (const file of Object.values(LEGAL_FILES)) {
    const versions = library.get(file);
    const original = versions?.get(DEFAULT_LOCALE);
    if (!original) throw new Error(`content/legal/en/${file}.md is missing`);
    for (const [locale, version] of versions ?? []) {
      if (version.effective !== original.effective || version.updated !== original.updated) {
        throw new Error(`content/legal/${locale}/${file}.md: dates differ from the English original`);
      }
    }
  }
  return library;
}

const library = buildLegalLibrary(
  import.meta.glob("../../content/legal/*/*.md", { query: "?raw", import: "default", eager: true }) as Record<
    string,
    string
  >,
);

export interface LegalText {
  html: string;
  headings: Heading[];
  effective: string;
  updated: string;
  /** English shown because this language has no translation of this text yet. */
  fallback: boolean;
  /** The languages this text is written in (for hreflang). */
  locales: Locale[];
}

/** A legal page in this language (or English), with the operator's details filled in. */
export function legalText(page: LegalPageKey, locale: Locale, site: SiteInfo): LegalText {
  const versions = library.get(LEGAL_FILES[page]);
  const source = versions?.get(locale) ?? versions?.get(DEFAULT_LOCALE);
  if (!versions || !source) throw new Error(`no legal text for ${page}`);
  const filled = source.body.replace(/\{\{(\w+)\}\}/g, (_, name: (typeof PLACEHOLDERS)[number]) =>
    escapeHtml(site[name]),
  );
  const rendered = renderMarkdown(filled, { localizeLink: (target) => localizePath(target, locale) });
  return {
    html: rendered.html,
    headings: rendered.headings,
    effective: source.effective,
    updated: source.updated,
    fallback: source.locale !== locale,
    locales: [...versions.keys()],
  };
}
