import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../universal/i18n/locales";
import { personalDataColumns } from "./personal-data";

const policy = (lang: string) =>
  readFileSync(path.join(import.meta.dirname, "../../content/legal", lang, "privacy-policy.md"), "utf8");

/** Every `table.column` the policy names (its "how long we keep your data" table). */
const namedColumns = (text: string) =>
  [...text.matchAll(/`([a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*)`/g)].map((match) => match[1]);

describe("the privacy policy names exactly the schema's personal-data columns", () => {
  it.each(LOCALES.map((locale) => locale.code))("%s", (lang) => {
    const named = namedColumns(policy(lang));
    expect(new Set(named).size, "a column named twice").toBe(named.length);
    expect([...named].sort()).toEqual(personalDataColumns().sort());
  });
});
