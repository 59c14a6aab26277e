import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PROVIDER_CODES } from "../../universal/billing/provider-codes";
import { LOCALES } from "../../universal/i18n/locales";

const CODES = LOCALES.map((locale) => locale.code);

import { translate } from "../../universal/i18n/translate";
import { providerNameKey } from "./payment-names";

const catalogues = (locale: string) => ({
  pricing: JSON.parse(readFileSync(`locales/${locale}/pricing.json`, "utf8")),
  myaccount: JSON.parse(readFileSync(`locales/${locale}/myaccount.json`, "utf8")),
});

describe("providerNameKey", () => {
  it.each(CODES)("names every provider in %s, never by its code", (locale) => {
    const resources = catalogues(locale);
    const names = PROVIDER_CODES.map((code) => translate(resources, locale, "myaccount", providerNameKey(code)));
    for (const [i, name] of names.entries()) {
      expect(name).not.toBe(PROVIDER_CODES[i]);
      expect(name).not.toMatch(/checkout\.providers|\b(s1|pd|ps|rz|tpa|so|gap)\b/);
    }
    // Google Play purchases start in the Android app: named for the store, not for Google Pay.
    expect(names[PROVIDER_CODES.indexOf("gap")]).toBe("Google Play");
    const other = translate(resources, locale, "myaccount", providerNameKey("zz"));
    expect(other).not.toMatch(/providerOther|zz/);
  });
});
