import { describe, expect, it } from "vitest";
import { LOCALES } from "../../universal/i18n/locales";
import type { Catalogue } from "../../universal/i18n/namespaces";
import { EMAIL_CATALOGUES } from "./catalogues";

/** Every key path of a catalogue ("code.subject", "receipt.body"…). */
function keyPaths(catalogue: Catalogue, prefix = ""): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keyPaths(value, `${prefix}${key}.`),
  );
}

describe("e-mail catalogues", () => {
  const english = keyPaths(EMAIL_CATALOGUES.en).sort();

  it("come from the locale table: one per language, no other", () => {
    expect(Object.keys(EMAIL_CATALOGUES).sort()).toEqual(LOCALES.map((locale) => locale.code).sort());
  });

  it.each(LOCALES.map((locale) => locale.code))("%s has every e-mail text", (code) => {
    expect(EMAIL_CATALOGUES[code], `locales/${code}/email.json`).toBeDefined();
    expect(keyPaths(EMAIL_CATALOGUES[code]).sort()).toEqual(english);
  });
});
