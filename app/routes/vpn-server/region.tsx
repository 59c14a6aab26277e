import { Link } from "react-router";
import { SERVER_LOCATIONS } from "../../../content/servers";
import { VPN_SERVER_REGIONS, type VpnServerRegion } from "../../../universal/routing/sub-pages";
import { PageIntro } from "../../components/page-intro";
import { Icon, type IconName } from "../../components/sections/icon";
import { CtaBand, ForwardArrow, Section } from "../../components/sections/sections";
import { useT } from "../../i18n/translator";
import { useClaimTexts } from "../../lib/claim-texts";
import { useLocale } from "../../lib/use-page";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/region";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "vpn-server-region");
}

const NAMESPACE = "vpn-server";

/**
 * What each country's page shows. The words live in `countries.<region>` of the namespace:
 * `useCase<n>Title` / `useCase<n>` for each icon listed here, `speed`, `legal` when `legal` is
 * set, and `faq<n>Q` / `faq<n>A` for n = 1…faqs.
 */
const REGION_CONTENT: Record<VpnServerRegion, { useCases: readonly IconName[]; faqs: number; legal?: true }> = {
  australia: { useCases: ["globe", "eyeOff", "wifi", "gauge"], faqs: 3 },
  brazil: { useCases: ["globe", "wifi", "play", "lock"], faqs: 2, legal: true },
  canada: { useCases: ["clock", "globe", "wifi"], faqs: 2 },
  france: { useCases: ["globe", "wifi", "shield"], faqs: 2 },
  germany: { useCases: ["route", "play", "wifi", "globe"], faqs: 2 },
  hongkong: { useCases: ["globe", "wifi", "play"], faqs: 2, legal: true },
  india: { useCases: ["globe", "wifi", "play"], faqs: 2, legal: true },
  indonesia: { useCases: ["globe", "wifi", "play"], faqs: 2, legal: true },
  italy: { useCases: ["globe", "wifi", "shield"], faqs: 2 },
  japan: { useCases: ["play", "globe", "wifi", "route"], faqs: 2 },
  korea: { useCases: ["play", "globe", "wifi"], faqs: 2 },
  singapore: { useCases: ["route", "wifi", "globe"], faqs: 2 },
  uk: { useCases: ["globe", "wifi", "eyeOff"], faqs: 2 },
  usa: { useCases: ["globe", "wifi", "eyeOff"], faqs: 3 },
};

function isRegion(value: string | undefined): value is VpnServerRegion {
  return (VPN_SERVER_REGIONS as readonly string[]).includes(value ?? "");
}

/** Numbers 1…count, for the numbered keys of a country. */
const numbers = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

function UseCases({ region }: { region: VpnServerRegion }) {
  const t = useT(NAMESPACE);
  const icons = REGION_CONTENT[region].useCases;
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 ${icons.length === 3 ? "lg:grid-cols-3" : ""}`}>
      {icons.map((icon, index) => {
        const key = `countries.${region}.useCase${index + 1}`;
        return (
          <li key={key} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="inline-flex rounded-xl bg-brand-50 p-2.5 text-brand-700">
              <Icon name={icon} />
            </span>
            <h3 className="mt-4 text-lg font-bold">{t(`${key}Title`)}</h3>
            <p className="mt-2 text-slate-700">{t(key)}</p>
          </li>
        );
      })}
    </ul>
  );
}

/** The country's questions, in the same open-in-place style as the shared Faq block. */
function RegionFaq({ region }: { region: VpnServerRegion }) {
  const t = useT(NAMESPACE);
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {numbers(REGION_CONTENT[region].faqs).map((n) => (
        <details key={n} className="group p-5">
          <summary className="cursor-pointer list-none font-semibold marker:hidden">
            <span className="flex items-center justify-between gap-4">
              {t(`countries.${region}.faq${n}Q`)}
              <span aria-hidden="true" className="text-brand-700 transition-transform group-open:rotate-45">
                +
              </span>
            </span>
          </summary>
          <p className="mt-3 text-slate-700">{t(`countries.${region}.faq${n}A`)}</p>
        </details>
      ))}
    </div>
  );
}

/** Links to every other country's page, in the alphabetical order of the current language. */
function OtherLocations({ region }: { region: VpnServerRegion }) {
  const t = useT(NAMESPACE);
  const { locale, to } = useLocale();
  const name = (other: VpnServerRegion) => t(`location:countries.${other}`);
  const others = VPN_SERVER_REGIONS.filter((other) => other !== region).sort((a, b) =>
    name(a).localeCompare(name(b), locale),
  );
  return (
    <>
      <ul className="flex flex-wrap gap-3">
        {others.map((other) => (
          <li key={other}>
            <Link
              to={to(`/vpn-server/${other}`)}
              className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white px-4 py-2 font-semibold text-slate-800 hover:border-brand-600 hover:text-brand-700"
            >
              <Icon name="globe" className="h-4 w-4 text-brand-700" />
              {name(other)}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-8">
        <Link to={to("/vpn-server")} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {t("regionPage.allLocations")} <ForwardArrow />
        </Link>
      </p>
    </>
  );
}

export default function VpnServerRegionPage({ params }: Route.ComponentProps) {
  const t = useT(NAMESPACE);
  const { withMoneyBack } = useClaimTexts();
  // The loader has already answered 404 for any other value.
  if (!isRegion(params.region)) return <PageIntro />;
  const region = params.region;
  const country = t(`location:countries.${region}`);
  const { cities } = SERVER_LOCATIONS[region];
  const content = REGION_CONTENT[region];
  return (
    <>
      <PageIntro />
      <Section
        id="locations"
        title={t("regionPage.locationsTitle", { country })}
        intro={t("regionPage.locationsIntro", { country })}
      >
        <ul className="flex flex-wrap gap-3">
          {cities.map((city) => (
            <li
              key={city}
              className="inline-flex items-center gap-2 rounded-xl border border-slate-200 bg-white px-5 py-3 text-lg font-semibold shadow-sm"
            >
              <Icon name="server" className="h-5 w-5 text-brand-700" />
              {city}
            </li>
          ))}
        </ul>
      </Section>
      <Section id="uses" title={t("regionPage.usesTitle", { country })} intro={t("regionPage.usesIntro")} tone="tinted">
        <UseCases region={region} />
      </Section>
      <Section id="speed" title={t("regionPage.speedTitle")}>
        <div className="flex max-w-3xl flex-col gap-4 text-lg text-slate-800">
          <p>{t(`countries.${region}.speed`)}</p>
          <p>{t("regionPage.speedTip")}</p>
        </div>
      </Section>
      <Section id="good-to-know" title={t("regionPage.noteTitle")} tone="tinted">
        <div className="flex max-w-3xl flex-col gap-4 text-lg text-slate-800">
          {content.legal ? <p>{t(`countries.${region}.legal`)}</p> : null}
          <p>{t("regionPage.usageNote")}</p>
        </div>
      </Section>
      <Section id="faq" title={t("regionPage.faqTitle")}>
        <RegionFaq region={region} />
      </Section>
      <Section id="other-locations" title={t("regionPage.otherTitle")} intro={t("regionPage.otherIntro")} tone="tinted">
        <OtherLocations region={region} />
      </Section>
      <CtaBand
        title={t("regionPage.ctaTitle", { country })}
        text={withMoneyBack(t("regionPage.ctaText", { country }))}
        label={t("regionPage.ctaLabel")}
        to="/pricing"
      />
    </>
  );
}
