import type { ReactNode } from "react";
import { useT } from "../i18n/translator";
import { useCurrentPage } from "../lib/use-page";

/**
 * The page's hero: its heading and introduction in the page's namespace. Pages with a
 * transparent navigation bar get a dark hero for the bar to sit on.
 */
export function PageIntro({ children }: { children?: ReactNode }) {
  const { page, data } = useCurrentPage();
  const t = useT(data?.namespace ?? "common");
  const vars = data?.metaVars;
  const dark = page?.transparentNav;
  return (
    <section
      className={
        dark
          ? "bg-gradient-to-br from-ink-900 via-brand-900 to-brand-700 px-4 pt-32 pb-20 text-center text-white"
          : "bg-brand-50 px-4 py-16 text-center"
      }
    >
      <h1 className="mx-auto max-w-3xl text-balance text-4xl font-bold tracking-tight sm:text-5xl">
        {t(data?.texts.heading ?? "heading", vars)}
      </h1>
      <p className={`mx-auto mt-5 max-w-2xl text-lg ${dark ? "text-slate-200" : "text-slate-700"}`}>
        {t(data?.texts.intro ?? "intro", vars)}
      </p>
      {children}
    </section>
  );
}
