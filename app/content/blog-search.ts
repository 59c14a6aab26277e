import type { Locale } from "../../universal/i18n/locales";

/**
 * How blog search compares words: the index and the query go through the same folding, so
 * "WI-FI", "wifi" and "Wi‑Fi" are one word, "securite" finds "sécurité" and "ＷｉＦｉ" finds "WiFi".
 */

// Japanese voicing marks carry meaning (か is not が): kept, unlike accents and Arabic vowel signs.
// So do Thai and Devanagari vowel signs, tone marks and viramas (they spell the word, and the word
// segmenter needs them), except the Devanagari nukta, which many leave out when typing (फ़/फ).
const KEPT_MARKS = new Set(["\u3099", "\u309a"]);
const SPELLING_MARK = /^[\p{sc=Thai}\p{sc=Deva}]$/u;
const keepsMark = (mark: string) => KEPT_MARKS.has(mark) || (mark !== "\u093c" && SPELLING_MARK.test(mark));
// Letters that have no decomposition but that people type without their stroke.
// Arabic keyboards write Persian words with Arabic yeh and kaf (ي ك for ی ک).
const LETTERS: Record<string, string> = { ß: "ss", ł: "l", đ: "d", ø: "o", æ: "ae", œ: "oe", ı: "i", ي: "ی", ك: "ک" };

/** Case, compatibility forms (full-width, ligatures), diacritics, hyphen and apostrophe variants. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, (mark) => (keepsMark(mark) ? mark : ""))
    .normalize("NFC")
    .replace(/[ßłđøæœıيك]/g, (letter) => LETTERS[letter] ?? letter)
    .replace(/[\u2010\u2011]/g, "-")
    .replace(/[\u2019\u02bc]/g, "'")
    .replace(/[\u00ad\u0640\u200c]/g, ""); // soft hyphen, Arabic tatweel, zero-width non-joiner (Persian)
}

const segmenters = new Map<string, Intl.Segmenter>();
function wordSegmenter(locale: Locale): Intl.Segmenter {
  let found = segmenters.get(locale);
  if (!found) {
    found = new Intl.Segmenter(locale, { granularity: "word" });
    segmenters.set(locale, found);
  }
  return found;
}

/**
 * The words of a text as search terms (Intl.Segmenter splits Japanese, which has no spaces).
 * Words joined by hyphens are also one term: the index keeps "wi", "fi" and "wifi" for "Wi-Fi",
 * a query asks for "wifi" only, so "e-mail" finds "email" too. Elided words ("l'adresse") are
 * also indexed by their parts.
 */
export function searchTerms(text: string, locale: Locale, use: "index" | "query"): string[] {
  const runs: string[][] = [];
  let previous = "other" as "word" | "hyphen" | "other";
  for (const part of wordSegmenter(locale).segment(foldText(text))) {
    if (part.isWordLike) {
      const run = runs.at(-1);
      if (previous === "hyphen" && run) run.push(part.segment);
      else runs.push([part.segment]);
      previous = "word";
    } else {
      previous = part.segment === "-" && previous === "word" ? "hyphen" : "other";
    }
  }
  const terms: string[] = [];
  for (const run of runs) {
    if (run.length > 1) terms.push(run.join(""));
    if (run.length === 1 || use === "index") terms.push(...run);
  }
  if (use === "query") return terms;
  return terms.flatMap((term) => (term.includes("'") ? [term, ...term.split("'").filter(Boolean)] : [term]));
}

/** A text folded character by character, hyphens left out, with where each folded unit came from. */
interface FoldedView {
  folded: string;
  /** For each UTF-16 unit of `folded`: the start and end of its character in the original text. */
  from: number[];
  to: number[];
}

// Folding a character is slow next to reading one; a text uses a few hundred different ones.
const foldedCharacters = new Map<string, string>();
function foldCharacter(character: string): string {
  let folded = foldedCharacters.get(character);
  if (folded === undefined) {
    folded = foldText(character).replace(/-/g, "");
    if (foldedCharacters.size < 20_000) foldedCharacters.set(character, folded);
  }
  return folded;
}

function foldedView(text: string): FoldedView {
  const units: string[] = [];
  const view: FoldedView = { folded: "", from: [], to: [] };
  let index = 0;
  for (const character of text) {
    const folded = foldCharacter(character);
    units.push(folded);
    for (let unit = 0; unit < folded.length; unit++) {
      view.from.push(index);
      view.to.push(index + character.length);
    }
    index += character.length;
  }
  view.folded = units.join("");
  return view;
}

/** Where the terms occur in the original text (folded the same way), sorted, overlaps merged. */
export function findTerms(text: string, terms: readonly string[]): Array<[number, number]> {
  const view = foldedView(text);
  const found: Array<[number, number]> = [];
  for (const term of new Set(terms.map((t) => foldText(t).replace(/-/g, "")).filter(Boolean))) {
    for (let at = view.folded.indexOf(term); at >= 0; at = view.folded.indexOf(term, at + term.length)) {
      found.push([view.from[at] ?? 0, view.to[at + term.length - 1] ?? 0]);
    }
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Array<[number, number]> = [];
  for (const range of found) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}
