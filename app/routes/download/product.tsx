import { Link, useParams } from "react-router";
import { DOWNLOAD_ORDER, DOWNLOADS, downloadLink } from "../../../content/apps";
import type { PlatformFamily } from "../../../universal/apps/app-registry";
import type { VisitorPlans } from "../../../universal/billing/plan-item";
import { DOWNLOAD_PRODUCT_NAMES, DOWNLOAD_PRODUCTS, type DownloadProduct } from "../../../universal/routing/sub-pages";
import { PageIntro } from "../../components/page-intro";
import { PayPlans } from "../../components/pricing/pay-plans";
import { Icon, type IconName } from "../../components/sections/icon";
import { CtaBand, Faq, FeatureGrid, ForwardArrow, LinkRow, Section, Steps } from "../../components/sections/sections";
import { useT } from "../../i18n/translator";
import { useClaimTexts } from "../../lib/claim-texts";
import { useLocale } from "../../lib/use-page";
import { loadPage } from "../../routing/page-loader.server";
import { loadPlans, PRICED_PAGE_HEADERS } from "../../routing/plans-loader.server";
import type { Route } from "./+types/product";

export async function loader(args: Route.LoaderArgs) {
  // The Windows page sells the plans too (the win-pay block): it needs the pricing words and the plans.
  const sells = args.params.product === "windows";
  const page = loadPage(args, "download-product", sells ? { namespaces: ["pricing"] } : {});
  return { ...page, offer: sells ? await loadPlans(args) : null };
}

export function headers() {
  return PRICED_PAGE_HEADERS;
}

const NAMESPACE = "download";

/** The product's name in item keys: `install.<key>1`, `productFaq.<key>…` ("apple-tv" -> "appleTv"). */
const itemKey = (product: DownloadProduct) => product.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

/** Catalogue key of each SPEC §1 family's note: `family.<key>`. */
const FAMILY_KEYS: Record<PlatformFamily, string> = {
  iOS: "ios",
  Mac: "mac",
  Android: "android",
  "Android TV": "androidTv",
  "Chrome extension": "chromeExtension",
  Windows: "windows",
  Web: "web",
};

type Feature = { key: string; icon: IconName };
const QUICK: Feature = { key: "quickConnect", icon: "bolt" };
const KILL_SWITCH: Feature = { key: "killSwitch", icon: "shield" };
const STARTUP: Feature = { key: "startup", icon: "clock" };
const WIFI: Feature = { key: "untrustedWifi", icon: "wifi" };
const COUNTRIES: Feature = { key: "countries", icon: "globe" };
const REMOTE: Feature = { key: "remote", icon: "play" };
const ACCOUNT: Feature = { key: "oneAccount", icon: "users" };

/** What each platform's page claims: `features.<key>.title|text`. Only what a modern VPN app on it does. */
const FEATURES: Record<DownloadProduct, readonly Feature[]> = {
  windows: [QUICK, KILL_SWITCH, STARTUP, COUNTRIES],
  mac: [QUICK, KILL_SWITCH, STARTUP, COUNTRIES],
  ios: [QUICK, WIFI, KILL_SWITCH, COUNTRIES],
  android: [QUICK, WIFI, KILL_SWITCH, COUNTRIES],
  chrome: [{ key: "browser", icon: "lock" }, { key: "webrtc", icon: "eyeOff" }, QUICK, COUNTRIES],
  "apple-tv": [REMOTE, QUICK, COUNTRIES, ACCOUNT],
  "smart-tv": [REMOTE, QUICK, COUNTRIES, { key: "router", icon: "route" }],
  "samsung-tv": [REMOTE, QUICK, COUNTRIES, ACCOUNT],
  "lg-tv": [REMOTE, QUICK, COUNTRIES, ACCOUNT],
};

/** Each platform's questions: `productFaq.<itemKey><topic>.q|a`. */
const FAQ_TOPICS: Record<DownloadProduct, readonly string[]> = {
  windows: ["Version", "Startup", "Remove"],
  mac: ["Chip", "Permission"],
  ios: ["Ipad", "Permission"],
  android: ["AlwaysOn", "Tv"],
  chrome: ["Scope", "Incognito"],
  "apple-tv": ["Models", "Version"],
  "smart-tv": ["Check", "Other"],
  "samsung-tv": ["Older", "Missing"],
  "lg-tv": ["Older", "Missing"],
};

/** Platforms whose answers send people to the router guide or to us. */
const ROUTER_GUIDE: ReadonlySet<DownloadProduct> = new Set(["smart-tv", "samsung-tv", "lg-tv"]);
const CONTACT: ReadonlySet<DownloadProduct> = new Set(["samsung-tv", "lg-tv"]);

const linkClass = "font-semibold text-brand-700 underline-offset-4 hover:underline";

/** The store button, or an honest note while the operator has not published a download address. */
function DownloadPanel({ product }: { product: DownloadProduct }) {
  const t = useT(NAMESPACE);
  const { to } = useLocale();
  const entry = DOWNLOADS[product];
  const name = DOWNLOAD_PRODUCT_NAMES[product];
  const url = downloadLink(product);
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <div>
        {url ? (
          <>
            <p className="max-w-xl text-lg text-slate-700">{t("panelText")}</p>
            <a
              href={url}
              rel="noopener"
              className="mt-6 inline-flex items-center gap-2 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-600"
            >
              {t(`store.${entry.storeKind}`, { product: name })}
              <ForwardArrow />
            </a>
          </>
        ) : (
          <div className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <p className="text-lg text-slate-800">{t("notAvailable", { product: name })}</p>
            <Link to={to("/contact-us")} className={`mt-4 inline-block ${linkClass}`}>
              {t("contactLink")} <ForwardArrow />
            </Link>
          </div>
        )}
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h3 className="flex items-center gap-2 text-lg font-bold">
          <span className="text-brand-700">
            <Icon name="check" className="h-5 w-5" />
          </span>
          {t("requirementsTitle")}
        </h3>
        <p className="mt-2 text-slate-700">{t(`requirements.${entry.requirement}`)}</p>
        <p className="mt-4 border-t border-slate-200 pt-4 text-sm text-slate-600">
          {t(`family.${FAMILY_KEYS[entry.family]}`)}
        </p>
      </div>
    </div>
  );
}

/**
 * The win-pay block: people who come for the Windows app can buy here, then sign in to the app
 * with the same e-mail address.
 */
function WinPay({ data }: { data: VisitorPlans | null }) {
  const t = useT(NAMESPACE);
  return <PayPlans id="win-pay" title={t("winPay.title")} intro={t("winPay.intro")} data={data} />;
}

export default function DownloadProductPage({ loaderData }: Route.ComponentProps) {
  const t = useT(NAMESPACE);
  const params = useParams();
  // The loader has already answered 404 for anything else.
  const product = DOWNLOAD_PRODUCTS.find((value) => value === params.product) ?? "windows";
  const name = DOWNLOAD_PRODUCT_NAMES[product];
  const key = itemKey(product);
  const faqLinks = [
    ...(ROUTER_GUIDE.has(product) ? [{ label: "links.router", path: "/blog/set-up-vpn-on-your-router" }] : []),
    ...(CONTACT.has(product) ? [{ label: "contactLink", path: "/contact-us" }] : []),
  ];
  const { claims, withMoneyBack } = useClaimTexts();
  return (
    <>
      <PageIntro />
      <Section id="get-app" title={t("panelTitle", { product: name })}>
        <DownloadPanel product={product} />
      </Section>
      {product === "windows" && <WinPay data={loaderData.offer} />}
      {/* The steps start from the store button or store listing: without a published app they would send people nowhere. */}
      {downloadLink(product) ? (
        <Section id="install" title={t("installTitle", { product: name })} tone="tinted">
          <Steps namespace={NAMESPACE} prefix="install" keys={[1, 2, 3].map((step) => `${key}${step}`)} />
        </Section>
      ) : null}
      <Section id="app-features" title={t("featuresTitle", { product: name })}>
        <FeatureGrid
          namespace={NAMESPACE}
          prefix="features"
          items={FEATURES[product].map((feature) =>
            feature.key === "countries"
              ? { ...feature, title: t("common:claims.serversIn", { count: claims.countryCount }) }
              : feature,
          )}
          columns={4}
        />
      </Section>
      <Section id="product-faq" title={t("productFaqTitle", { product: name })} tone="tinted">
        <Faq namespace={NAMESPACE} prefix="productFaq" keys={FAQ_TOPICS[product].map((topic) => `${key}${topic}`)} />
        {faqLinks.length > 0 ? <LinkRow namespace={NAMESPACE} links={faqLinks} /> : null}
      </Section>
      <Section id="other-platforms" title={t("otherTitle")} intro={t("otherIntro")}>
        <LinkRow
          namespace={NAMESPACE}
          spaced={false}
          links={[
            ...DOWNLOAD_ORDER.filter((other) => other !== product).map((other) => ({
              label: "product.heading",
              path: `/download/${other}`,
              vars: { product: DOWNLOAD_PRODUCT_NAMES[other] },
            })),
            { label: "links.allPlatforms", path: "/download" },
          ]}
        />
      </Section>
      <CtaBand
        title={t("productCta.title")}
        text={withMoneyBack(t("productCta.text", { product: name }))}
        label={t("productCta.label")}
        to="/pricing"
      />
    </>
  );
}
