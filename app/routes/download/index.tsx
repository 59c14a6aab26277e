import { Link } from "react-router";
import { DOWNLOAD_ORDER, downloadLink } from "../../../content/apps";
import { DOWNLOAD_PRODUCT_NAMES, type DownloadProduct } from "../../../universal/routing/sub-pages";
import { PageIntro } from "../../components/page-intro";
import { Icon, type IconName } from "../../components/sections/icon";
import { CtaBand, Faq, ForwardArrow, LinkRow, Section, Steps } from "../../components/sections/sections";
import { useT } from "../../i18n/translator";
import { useClaimTexts } from "../../lib/claim-texts";
import { useLocale } from "../../lib/use-page";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/index";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "download");
}

const NAMESPACE = "download";

const ICONS: Record<DownloadProduct, IconName> = {
  windows: "devices",
  mac: "devices",
  ios: "devices",
  android: "devices",
  chrome: "globe",
  "apple-tv": "play",
  "smart-tv": "play",
  "samsung-tv": "play",
  "lg-tv": "play",
};

const STEPS = ["plan", "install", "signIn"] as const;
const FAQ = ["devices", "tv", "oneAccount", "login", "notListed"] as const;

/** One card per platform, each a link to its download page. */
function PlatformGrid() {
  const t = useT(NAMESPACE);
  const { to } = useLocale();
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {DOWNLOAD_ORDER.map((product) => (
        <li key={product}>
          <Link
            to={to(`/download/${product}`)}
            className="group flex h-full gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-700 hover:shadow-md focus-visible:border-brand-700"
          >
            <span className="inline-flex h-fit shrink-0 rounded-xl bg-brand-50 p-2.5 text-brand-700">
              <Icon name={ICONS[product]} />
            </span>
            <div>
              <h3 className="text-lg font-bold group-hover:text-brand-700">
                {DOWNLOAD_PRODUCT_NAMES[product]} <ForwardArrow />
              </h3>
              <p className="mt-1 text-slate-700">{t(`cards.${product}`)}</p>
              {downloadLink(product) ? null : <p className="mt-2 text-sm text-slate-600">{t("cards.unavailable")}</p>}
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function DownloadPage() {
  const t = useT(NAMESPACE);
  const { withMoneyBack } = useClaimTexts();
  return (
    <>
      <PageIntro />
      <Section id="platforms" title={t("platformsTitle")} intro={t("platformsIntro")}>
        <PlatformGrid />
      </Section>
      {/* "Install the app" promises a download: only while at least one platform has one. */}
      {DOWNLOAD_ORDER.some((product) => downloadLink(product)) ? (
        <Section id="get-started" title={t("stepsTitle")} tone="tinted">
          <Steps namespace={NAMESPACE} prefix="steps" keys={STEPS} />
        </Section>
      ) : null}
      <Section id="download-faq" title={t("faqTitle")}>
        <Faq namespace={NAMESPACE} prefix="faq" keys={FAQ} />
        <LinkRow
          namespace={NAMESPACE}
          links={[
            { label: "links.router", path: "/blog/set-up-vpn-on-your-router" },
            { label: "links.account", path: "/myaccount" },
          ]}
        />
      </Section>
      <CtaBand title={t("cta.title")} text={withMoneyBack(t("cta.text"))} label={t("cta.label")} to="/pricing" />
    </>
  );
}
