import { z } from "zod";
import { CLAIMS } from "../../universal/claims/claims";
import type { Claims } from "../../universal/claims/schema";
import { DEFAULT_LOCALE, isLocale, type Locale, localizePath } from "../../universal/i18n/locales";
import { translate } from "../../universal/i18n/translate";
import { escapeHtml } from "../../universal/text/escape-html";
import { loadNamespaces } from "../i18n/catalogues.server";
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
const SITE_PLACEHOLDERS = [
  "brand",
  "legalEntity",
  "legalAddress",
  "governingLaw",
  "privacyEmail",
  "supportEmail",
] as const;
/** Filled from content/claims.ts: the money-back window in the page's language ("30 days", "21 день"). */
const PLACEHOLDERS = [...SITE_PLACEHOLDERS, "moneyBackPeriod"] as const;

/** The conditions a legal text may test, `<!-- if moneyBack -->…<!-- else -->…<!-- end -->`, from the claims. */
export const LEGAL_CONDITIONS = ["moneyBack"] as const;
export type LegalCondition = (typeof LEGAL_CONDITIONS)[number];

/**
 * Keeps the branch of each `<!-- if name -->…<!-- else -->…<!-- end -->` block that the condition
 * picks (blocks may nest; the else part is optional). Runs on the Markdown before it is rendered,
 * so a block may hold whole sections or a few words of a sentence. An unknown condition, a stray
 * else or end, or an unclosed block throws one line naming the file.
 */
export function applyConditions(
  text: string,
  conditions: Readonly<Record<LegalCondition, boolean>>,
  file: string,
): string {
  const tag = /<!--\s*(if\s+(\w+)|else|end)\s*-->/g;
  // One frame per open block: its condition's value and which branch we are in. Text is kept
  // when every open block is in the branch its condition picks.
  const open: { value: boolean; inElse: boolean }[] = [];
  const shown = () => open.every((frame) => (frame.inElse ? !frame.value : frame.value));
  let result = "";
  let from = 0;
  for (const match of text.matchAll(tag)) {
    if (shown()) result += text.slice(from, match.index);
    from = match.index + match[0].length;
    const [, keyword = "", name] = match;
    if (name !== undefined) {
      if (!(LEGAL_CONDITIONS as readonly string[]).includes(name))
        throw new Error(`${file}: unknown condition "${name}" (known: ${LEGAL_CONDITIONS.join(", ")})`);
      open.push({ value: conditions[name as LegalCondition], inElse: false });
    } else if (keyword === "else") {
      const frame = open.at(-1);
      if (!frame || frame.inElse) throw new Error(`${file}: <!-- else --> without an open <!-- if -->`);
      frame.inElse = true;
    } else if (!open.pop()) {
      throw new Error(`${file}: <!-- end --> without an open <!-- if -->`);
    }
  }
  if (open.length > 0) throw new Error(`${file}: <!-- if --> block not closed with <!-- end -->`);
  return shown() ? result + text.slice(from) : result;
}

/** The values of a legal text's conditions and claim placeholders, in the page's language. */
function claimValues(claims: Pick<Claims, "moneyBackDays">, locale: Locale) {
  const days = claims.moneyBackDays;
  const moneyBackPeriod =
    days === null
      ? ""
      : translate(loadNamespaces(locale, ["common"]), locale, "common", "claims.moneyBackPeriod", {
          count: days,
        });
  return { conditions: { moneyBack: days !== null }, moneyBackPeriod };
}

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
    // Both branches of every block must be well formed, whatever the operator's claims are today.
    for (const value of [true, false]) applyConditions(body, { moneyBack: value }, path);
    if (applyConditions(body, { moneyBack: false }, path).includes("{{moneyBackPeriod}}"))
      throw new Error(`${path}: {{moneyBackPeriod}} outside an <!-- if moneyBack --> block`);
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

/**
 * A legal page in this language (or English), with the operator's details filled in and the
 * promises of content/claims.ts (another operator's claims in tests) kept or left out.
 */
export function legalText(
  page: LegalPageKey,
  locale: Locale,
  site: SiteInfo,
  claims: Pick<Claims, "moneyBackDays"> = CLAIMS,
): LegalText {
  const versions = library.get(LEGAL_FILES[page]);
  const source = versions?.get(locale) ?? versions?.get(DEFAULT_LOCALE);
  if (!versions || !source) throw new Error(`no legal text for ${page}`);
  const { conditions, moneyBackPeriod } = claimValues(claims, source.locale);
  const values: Record<(typeof PLACEHOLDERS)[number], string> = { ...site, moneyBackPeriod };
  const kept = applyConditions(source.body, conditions, `content/legal/${source.locale}/${source.file}.md`);
  const filled = kept.replace(/\{\{(\w+)\}\}/g, (_, name: (typeof PLACEHOLDERS)[number]) => escapeHtml(values[name]));
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
