import { LOCALES, type Locale } from "../../universal/i18n/locales";
import { type Catalogue, withinKeyDepth } from "../../universal/i18n/namespaces";

/**
 * The `email` namespace in every language of the locale table (the server sends mail outside any
 * page). Read from locales/<lang>/email.json for each language the table lists, so adding a language
 * needs no line here; the server bundle (esbuild) embeds every file the pattern matches. A language
 * without its e-mail texts stops the start (and fails core/email/catalogues.test.ts).
 */
async function loadEmailCatalogue(code: Locale): Promise<[Locale, Catalogue]> {
  try {
    const module: { default: Catalogue } = await import(`../../locales/${code}/email.json`);
    return [code, withinKeyDepth(module.default)];
  } catch (error) {
    throw new Error(
      `locales/${code}/email.json is missing: every language of the locale table needs its e-mail texts`,
      {
        cause: error,
      },
    );
  }
}

export const EMAIL_CATALOGUES: Readonly<Record<Locale, Catalogue>> = Object.fromEntries(
  await Promise.all(LOCALES.map((locale) => loadEmailCatalogue(locale.code))),
) as Record<Locale, Catalogue>;
