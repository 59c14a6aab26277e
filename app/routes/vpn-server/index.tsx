import { Link } from "react-router";
import { SERVER_LOCATIONS } from "../../../content/servers";
import type { VpnServerRegion } from "../../../universal/routing/sub-pages";
import { PageIntro } from "../../components/page-intro";
import { Icon } from "../../components/sections/icon";
import { NoLogsReportLink } from "../../components/sections/no-logs-report-link";
import { CtaBand, Faq, FeatureGrid, ForwardArrow, Prose, Section } from "../../components/sections/sections";
import { useT } from "../../i18n/translator";
import { useClaimTexts } from "../../lib/claim-texts";
import { useLocale } from "../../lib/use-page";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/index";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "vpn-server");
}

const NAMESPACE = "vpn-server";

/** The continents the locations are grouped by; every region of VPN_SERVER_REGIONS appears once. */
const GROUPS: ReadonlyArray<{ key: string; id: string; regions: readonly VpnServerRegion[] }> = [
  {
    key: "asiaPacific",
    id: "asia-pacific",
    regions: ["australia", "hongkong", "india", "indonesia", "japan", "korea", "singapore"],
  },
  { key: "europe", id: "europe", regions: ["france", "germany", "italy", "uk"] },
  { key: "americas", id: "americas", regions: ["brazil", "canada", "usa"] },
];

const PICK = [
  { key: "speed", icon: "gauge" },
  { key: "travel", icon: "globe" },
  { key: "privacy", icon: "shield" },
] as const;

const NO_LOGS = ["p1", "p2"] as const;
const FAQ = ["fastest", "switch", "plans", "rules"] as const;

/** One country: its name (linking to its page, the whole card is clickable) and its cities. */
function CountryCard({ region }: { region: VpnServerRegion }) {
  const t = useT(NAMESPACE);
  const { to } = useLocale();
  const country = t(`location:countries.${region}`);
  const { cities, countryCode } = SERVER_LOCATIONS[region];
  return (
    <li className="relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-600 hover:shadow-md">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-lg font-bold">
          <Link
            to={to(`/vpn-server/${region}`)}
            className="after:absolute after:inset-0 after:rounded-2xl hover:text-brand-700"
          >
            {country}
          </Link>
        </h3>
        <span
          aria-hidden="true"
          className="rounded-md bg-brand-50 px-2 py-0.5 font-mono text-xs font-semibold text-brand-700"
        >
          {countryCode}
        </span>
      </div>
      <ul aria-label={t("citiesIn", { country })} className="mt-4 flex flex-wrap gap-2">
        {cities.map((city) => (
          <li
            key={city}
            className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700"
          >
            <Icon name="server" className="h-4 w-4 text-brand-700" />
            {city}
          </li>
        ))}
      </ul>
      <span className="mt-auto pt-4 text-end font-semibold text-brand-700">
        <ForwardArrow />
      </span>
    </li>
  );
}

function LocationGroup({
  groupKey,
  id,
  regions,
}: {
  groupKey: string;
  id: string;
  regions: readonly VpnServerRegion[];
}) {
  const t = useT(NAMESPACE);
  const { locale } = useLocale();
  const name = (region: VpnServerRegion) => t(`location:countries.${region}`);
  const sorted = [...regions].sort((a, b) => name(a).localeCompare(name(b), locale));
  return (
    <Section id={id} title={t(`groups.${groupKey}.title`)} intro={t(`groups.${groupKey}.intro`)}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {sorted.map((region) => (
          <CountryCard key={region} region={region} />
        ))}
      </ul>
    </Section>
  );
}

export default function VpnServerPage() {
  const t = useT(NAMESPACE);
  const { to } = useLocale();
  const { claims, withMoneyBack } = useClaimTexts();
  return (
    <>
      <PageIntro />
      {GROUPS.map(({ key, id, regions }) => (
        <LocationGroup key={key} groupKey={key} id={id} regions={regions} />
      ))}
      <Section id="pick" title={t("pickTitle")} intro={t("pickIntro")} tone="tinted">
        <FeatureGrid namespace={NAMESPACE} prefix="pick" items={PICK} />
      </Section>
      {claims.noLogs && (
        <Section id="no-logs" title={t("noLogsTitle")}>
          <Prose namespace={NAMESPACE} prefix="noLogs" keys={NO_LOGS} />
          <ul className="mt-8 flex flex-wrap gap-x-8 gap-y-3">
            {[
              { label: "noLogs.policyLink", path: "/privacy-policy" },
              { label: "noLogs.featuresLink", path: "/features" },
            ].map(({ label, path }) => (
              <li key={path}>
                <Link to={to(path)} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                  {t(label)} <ForwardArrow />
                </Link>
              </li>
            ))}
          </ul>
          <NoLogsReportLink claims={claims} />
        </Section>
      )}
      <Section id="faq" title={t("faqTitle")} tone="tinted">
        <Faq namespace={NAMESPACE} prefix="faq" keys={FAQ} />
      </Section>
      <CtaBand title={t("cta.title")} text={withMoneyBack(t("cta.text"))} label={t("cta.label")} to="/pricing" />
    </>
  );
}
