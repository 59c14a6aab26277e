import { data, type LoaderFunctionArgs } from "react-router";
import { DEFAULT_LOCALE, isLocale } from "../../universal/i18n/locales";

/**
 * The layouts' loader: the optional first segment (`:lang?`) must be one of our prefixes.
 * `/xx/pricing` is a 404, shown by the layout's boundary inside the site chrome.
 */
export function assertLanguageSegment({ params }: LoaderFunctionArgs): null {
  const { lang } = params;
  if (lang !== undefined && (!isLocale(lang) || lang === DEFAULT_LOCALE)) throw data(null, { status: 404 });
  return null;
}
