import { data } from "react-router";
import { splitLocale } from "../../universal/i18n/locales";
import { RenderedText, TableOfContents } from "../components/content/rendered-text";
import { PageIntro } from "../components/page-intro";
import { LEGAL_FILES, type LegalPageKey, legalText } from "../content/legal.server";
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
          <RenderedText html={text.html} lang={lang} />
        </div>
        <aside className="order-first lg:order-last">
          <TableOfContents
            title={t("legal.contents")}
            headings={text.headings.filter((heading) => heading.depth === 2)}
            lang={lang}
          />
        </aside>
      </div>
    </>
  );
}
