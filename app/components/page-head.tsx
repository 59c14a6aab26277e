import { DEFAULT_LOCALE, LOCALES, localeInfo, localizePath } from "../../universal/i18n/locales";
import { useT } from "../i18n/translator";
import { useCurrentPage, useLocale } from "../lib/use-page";

/**
 * Title, description, canonical URL, hreflang alternates (every language of the locale table + x-default) and Open
 * Graph tags for the page being shown. React hoists these into <head>.
 */
export function PageHead() {
  const { page, data } = useCurrentPage();
  const { locale, rest, origin } = useLocale();
  const t = useT(data?.namespace ?? "common");
  if (!page || !data) return null;

  const title = t(data.texts.title, data.metaVars);
  const description = t(data.texts.description, data.metaVars);
  const url = (target: typeof locale) => `${origin}${localizePath(rest, target)}`;
  const brand = t("common:brand");

  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {page.indexable ? null : <meta name="robots" content="noindex" />}
      <link rel="canonical" href={url(locale)} />
      {page.indexable
        ? LOCALES.filter((other) => !data.alternates || data.alternates.includes(other.code)).map((other) => (
            <link key={other.code} rel="alternate" hrefLang={other.iso} href={url(other.code)} />
          ))
        : null}
      {page.indexable ? <link rel="alternate" hrefLang="x-default" href={url(DEFAULT_LOCALE)} /> : null}
      <meta property="og:type" content={data.ogType ?? "website"} />
      <meta property="og:site_name" content={brand} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url(locale)} />
      <meta property="og:locale" content={localeInfo(locale).iso.replace("-", "_")} />
    </>
  );
}
