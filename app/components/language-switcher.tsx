import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { LOCALES, localeInfo, localizePath } from "../../universal/i18n/locales";
import { useT } from "../i18n/translator";
import { languageHref, rememberLocale } from "../lib/language-links";
import { useLocale } from "../lib/use-page";

/**
 * The same page and query in every language; works without JavaScript (<details>). In the apps
 * React keeps the links current; on document pages the page island does (lib/language-links.ts).
 */
export function LanguageSwitcher({ placement = "header" }: { placement?: "header" | "footer" }) {
  const t = useT("common");
  const { locale, rest } = useLocale();
  const location = useLocation();
  // Prerendered HTML cannot know the query: add it after hydration, so markup and hydration agree.
  const [query, setQuery] = useState({ search: "", hash: "" });
  useEffect(() => setQuery({ search: location.search, hash: location.hash }), [location.search, location.hash]);
  const links = LOCALES.map((other) => (
    <li key={other.code}>
      <a
        href={languageHref(localizePath(rest, other.code), query.search, query.hash)}
        data-locale={other.code}
        hrefLang={other.iso}
        lang={other.iso}
        aria-current={other.code === locale ? "true" : undefined}
        onClick={() => rememberLocale(other.code)}
        className={
          placement === "header"
            ? "flex min-h-11 items-center rounded px-3 hover:bg-brand-50 aria-[current]:font-semibold"
            : "block rounded px-3 py-2 hover:bg-brand-50 aria-[current]:font-semibold"
        }
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
        className="flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center gap-1 rounded px-2 text-sm font-medium [&::-webkit-details-marker]:hidden"
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
      {/* Above the phone's menu panel (z-30), should both be open (without JavaScript they can be).
          As wide as the longest name ("Bahasa Indonesia" on one line), as tall as the screen allows:
          the 18 languages scroll inside it on a phone. */}
      <ul className="absolute end-0 z-40 mt-2 max-h-[calc(100dvh-5rem)] w-max min-w-44 overflow-y-auto overscroll-contain rounded-lg border border-slate-200 bg-white p-1 text-ink-900 shadow-lg">
        {links}
      </ul>
    </details>
  );
}
