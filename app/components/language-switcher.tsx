import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  LOCALES,
  type Locale,
  localeInfo,
  localizePath,
} from "../i18n/locales";
import { useT } from "../i18n/translator";
import { useLocale } from "../lib/use-page";

/** Remembers the visitor's choice for unprefixed URLs (a strictly necessary preference cookie). */
export function rememberLocale(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie; no library needed
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`;
}

/** The same page and query in every language; works without JavaScript (<details>). */
export function LanguageSwitcher({ placement = "header" }: { placement?: "header" | "footer" }) {
  const t = useT("common");
  const { locale, rest } = useLocale();
  const location = useLocation();
  // Prerendered HTML cannot know the query: add it after hydration, so markup and hydration agree.
  const [suffix, setSuffix] = useState("");
  useEffect(() => setSuffix(location.search + location.hash), [location.search, location.hash]);
  const links = LOCALES.map((other) => (
    <li key={other.code}>
      <a
        href={`${localizePath(rest, other.code)}${suffix}`}
        hrefLang={other.iso}
        lang={other.iso}
        aria-current={other.code === locale ? "true" : undefined}
        onClick={() => rememberLocale(other.code)}
        className="block rounded px-3 py-2 hover:bg-brand-50 aria-[current]:font-semibold"
      >
        {other.name}
      </a>
    </li>
  ));

  if (placement === "footer") {
    return (
      <nav aria-label={t("language.label")}>
        <ul className="flex flex-wrap gap-x-2 text-sm">{links}</ul>
      </nav>
    );
  }
  return (
    <details className="group relative">
      <summary
        className="flex cursor-pointer list-none items-center gap-1 rounded px-2 py-2 text-sm font-medium"
        aria-label={t("language.current", { language: localeInfo(locale).name })}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
        </svg>
        <span>{localeInfo(locale).code.toUpperCase()}</span>
      </summary>
      <ul className="absolute end-0 z-30 mt-2 w-44 rounded-lg border border-slate-200 bg-white p-1 text-ink-900 shadow-lg">
        {links}
      </ul>
    </details>
  );
}
