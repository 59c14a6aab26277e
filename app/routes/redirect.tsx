import { data } from "react-router";
import { WithValues } from "../components/account/with-values";
import { PageIntro } from "../components/page-intro";
import { useT } from "../i18n/translator";
import type { IslandsHandle } from "../islands/island-scripts";
import { redirectTarget } from "../lib/redirect-target";
import { useLocale } from "../lib/use-page";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/redirect";

// The redirect island follows the link after this long; without JavaScript the visitor does.
const FORWARD_AFTER_MS = 3000;

export const handle = { islands: ["redirect"] } satisfies IslandsHandle;

/** An interstitial before leaving the site (or moving within it): only to allow-listed targets. */
export function loader(args: Route.LoaderArgs) {
  const page = loadPage(args, "redirect");
  const target = redirectTarget(
    new URL(args.request.url).searchParams.get("url"),
    args.context.publicOrigin,
    args.context.redirectAllowedHosts ?? [],
  );
  return data({ ...page, target }, { status: target.status === "ok" ? 200 : 400 });
}

export default function RedirectPage({ loaderData }: Route.ComponentProps) {
  const t = useT("redirect");
  const { to } = useLocale();
  const { target } = loaderData;
  return (
    <>
      <PageIntro />
      <div className="mx-auto -mt-8 mb-16 flex max-w-md flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        {target.status === "ok" ? (
          <>
            <p role="status">
              {target.host ? (
                <WithValues text={t("leaving")} values={{ host: <bdi dir="ltr">{target.host}</bdi> }} />
              ) : (
                t("moving")
              )}
            </p>
            <a
              href={target.href}
              rel="noopener noreferrer"
              data-forward-after-ms={FORWARD_AFTER_MS}
              className="rounded-lg bg-brand-700 px-5 py-3 text-center font-semibold text-white hover:bg-brand-600"
            >
              {t("continue")}
            </a>
          </>
        ) : (
          <>
            <p role="alert">{target.status === "missing" ? t("missing") : t("refused")}</p>
            <a href={to("/")} className="text-center font-semibold text-brand-700 underline">
              {t("home")}
            </a>
          </>
        )}
      </div>
    </>
  );
}
