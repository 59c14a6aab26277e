import { data } from "react-router";
import { PageIntro } from "../components/page-intro";
import { LEGAL_FILES, type LegalPageKey, legalText } from "../content/legal.server";
import { splitLocale } from "../i18n/locales";
import { useT } from "../i18n/translator";
import { loadPage } from "../routing/page-loader.server";
import { PAGES } from "../routing/pages";
import type { Route } from "./+types/legal";

/** One module for the four legal pages; the path says which. Rendered per request: the operator's details fill the text. */
export function loader(args: Route.LoaderArgs) {
  const { rest } = splitLocale(new URL(args.request.url).pathname);
  const page = PAGES.find((candidate) => `/${candidate.path}` === rest && candidate.file === "routes/legal.tsx");
  if (!page || !(page.key in LEGAL_FILES)) throw data(null, { status: 404 });
  const loaded = loadPage(args, page.key);
  const site = args.context.siteInfo;
  if (!site) throw new Error("legal pages need the server's site information");
  const text = legalText(page.key as LegalPageKey, loaded.locale, site);
  return { ...loaded, alternates: text.locales, text };
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const t = useT("common");
  const { text } = loaderData;
  const lang = text.fallback ? "en" : undefined;
  return (
    <>
      <PageIntro>
        <p className="mt-4 text-sm text-slate-700">
          {t("legal.dates", { effective: text.effective, updated: text.updated })}
        </p>
      </PageIntro>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 lg:grid-cols-[1fr_16rem]">
        <div>
          {text.fallback ? (
            <p className="mb-6 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t("englishOnly")}</p>
          ) : null}
          <div
            className="prose prose-slate max-w-none prose-a:text-brand-700 prose-headings:scroll-mt-24"
            lang={lang}
            // Rendered from Markdown in this repository; the operator's details are escaped.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted content from the repository
            dangerouslySetInnerHTML={{ __html: text.html }}
          />
        </div>
        <aside className="order-first lg:order-last">
          <nav
            aria-labelledby="legal-toc"
            className="rounded-2xl border border-slate-200 bg-white p-5 lg:sticky lg:top-24"
          >
            <h2 id="legal-toc" className="text-sm font-bold uppercase tracking-wide text-slate-700">
              {t("legal.contents")}
            </h2>
            <ol className="mt-3 flex flex-col gap-2 text-sm" lang={lang}>
              {text.headings
                .filter((heading) => heading.depth === 2)
                .map((heading) => (
                  <li key={heading.id}>
                    <a href={`#${heading.id}`} className="text-brand-700 hover:underline">
                      {heading.text}
                    </a>
                  </li>
                ))}
            </ol>
          </nav>
        </aside>
      </div>
    </>
  );
}
