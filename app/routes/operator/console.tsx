import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { LOCALES, type Locale } from "../../../universal/i18n/locales";
import type { Catalogue } from "../../../universal/i18n/namespaces";
import { type ConsoleView, menuFor } from "../../../universal/staff/roles";
import { AuditView } from "../../components/operator/audit-view";
import { type StaffSelf, useConsoleApi } from "../../components/operator/console-api";
import { CouponsView } from "../../components/operator/coupons-view";
import { DashboardView } from "../../components/operator/dashboard-view";
import { InboxView } from "../../components/operator/inbox-view";
import { OrdersView } from "../../components/operator/orders-view";
import { PlansView } from "../../components/operator/plans-view";
import { PromotionsView } from "../../components/operator/promotions-view";
import { RouteRulesView } from "../../components/operator/route-rules-view";
import { StaffView } from "../../components/operator/staff-view";
import { PageIntro } from "../../components/page-intro";
import { loadNamespaces } from "../../i18n/catalogues.server";
import { useT } from "../../i18n/translator";
import { ApiError } from "../../lib/api";
import { apiErrorKey } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/console";

export function loader(args: Route.LoaderArgs) {
  // myaccount: the confirmation dialog's words. Every language's promotion texts: the promotions
  // editor previews the site's block in any of them (decision 057).
  const promotionTexts: Partial<Record<Locale, Catalogue>> = {};
  for (const { code } of LOCALES) {
    const texts = loadNamespaces(code, ["common"]).common?.promotions;
    if (texts && typeof texts === "object") promotionTexts[code] = texts;
  }
  return { ...loadPage(args, "operator", { namespaces: ["forms", "myaccount"] }), promotionTexts };
}

type Standing = { state: "loading" } | { state: "refused"; key: string } | { state: "staff"; self: StaffSelf };

/**
 * The operator console (decision 051): an invitation in the address is accepted first; then the
 * signed-in account's standing decides what shows: not staff, staff without a second factor (sent
 * to set one up), or the console with the menu of its role.
 */
export default function ConsolePage({ loaderData }: Route.ComponentProps) {
  const t = useT("operator");
  const tf = useT("forms");
  const { to } = useLocale();
  const api = useConsoleApi();
  const [params, setParams] = useSearchParams();
  const [standing, setStanding] = useState<Standing>({ state: "loading" });
  const [joined, setJoined] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const invite = params.get("invite");

  useEffect(() => {
    let live = true;
    (async () => {
      if (invite) {
        try {
          const { role } = await api.accept(invite);
          if (live) setJoined({ tone: "success", text: t("invite.accepted", { role: t(`roles.${role}`) }) });
        } catch (error) {
          if (live) setJoined({ tone: "error", text: tf(apiErrorKey(error)) });
        }
        // The token is used (or useless): it leaves the address bar and the history.
        setParams(
          (current) => {
            current.delete("invite");
            return current;
          },
          { replace: true },
        );
      }
      try {
        const self = await api.me();
        if (live) setStanding({ state: "staff", self });
      } catch (error) {
        if (live)
          setStanding({ state: "refused", key: error instanceof ApiError ? apiErrorKey(error) : "api.generic" });
      }
    })();
    return () => {
      live = false;
    };
  }, [api, invite, setParams, t, tf]);

  const requested = (params.get("view") ?? "home") as ConsoleView;

  return (
    <>
      <PageIntro />
      <div className="mx-auto -mt-8 mb-16 flex max-w-6xl flex-col gap-6 px-4">
        <p role="status" className={joined?.tone === "error" ? "font-medium text-red-700" : "text-green-800"}>
          {joined?.text ?? ""}
        </p>
        {standing.state === "loading" ? <p>{t("loading")}</p> : null}
        {standing.state === "refused" ? <p className="font-medium">{tf(standing.key)}</p> : null}
        {standing.state === "staff" && !standing.self.two_factor ? (
          <section className="rounded-2xl border border-amber-300 bg-amber-50 p-6" data-two-factor-required>
            <h2 className="text-lg font-semibold">{t("twoFactor.title")}</h2>
            <p className="mt-2">{t("twoFactor.text")}</p>
            <a className="mt-4 inline-block font-semibold text-brand-700 underline" href={to("/myaccount")}>
              {t("twoFactor.link")}
            </a>
          </section>
        ) : null}
        {standing.state === "staff" && standing.self.two_factor ? (
          <ConsoleShell self={standing.self} requested={requested} promotionTexts={loaderData.promotionTexts} />
        ) : null}
      </div>
    </>
  );
}

function ConsoleShell({
  self,
  requested,
  promotionTexts,
}: {
  self: StaffSelf;
  requested: ConsoleView;
  promotionTexts: Partial<Record<Locale, Catalogue>>;
}) {
  const t = useT("operator");
  const menu = menuFor(self.role);
  // A view the role has no right to is not shown at all; the overview stands in.
  const view = menu.includes(requested) ? requested : "home";
  return (
    <div className="grid gap-6 md:grid-cols-[12rem_1fr]">
      <nav aria-label={t("menu.label")}>
        <ul className="flex flex-wrap gap-2 md:flex-col">
          {menu.map((entry) => (
            <li key={entry}>
              <Link
                to={{ search: entry === "home" ? "" : `?view=${entry}` }}
                aria-current={entry === view ? "page" : undefined}
                className="block rounded-lg px-3 py-2 font-medium hover:bg-slate-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-900"
              >
                {t(`menu.${entry}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div>
        {view === "home" ? (
          <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold">{t("menu.home")}</h2>
            <p className="mt-2">
              {t("home.signedIn", { email: self.email ?? String(self.user_id), role: t(`roles.${self.role}`) })}
            </p>
            <p className="mt-2">{t("home.next")}</p>
          </section>
        ) : null}
        {view === "dashboard" ? <DashboardView /> : null}
        {view === "orders" ? <OrdersView self={self} /> : null}
        {view === "inbox" ? <InboxView /> : null}
        {view === "plans" ? <PlansView /> : null}
        {view === "routes" ? <RouteRulesView /> : null}
        {view === "promotions" ? <PromotionsView texts={promotionTexts} /> : null}
        {view === "coupons" ? <CouponsView /> : null}
        {view === "staff" ? <StaffView self={self} /> : null}
        {view === "audit" ? <AuditView /> : null}
      </div>
    </div>
  );
}
