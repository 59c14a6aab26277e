import { Link } from "react-router";
import { TRUST } from "../../content/trust";
import { DOWNLOAD_PRODUCT_NAMES, DOWNLOAD_PRODUCTS } from "../../universal/routing/sub-pages";
import { PageIntro } from "../components/page-intro";
import { PayPlans } from "../components/pricing/pay-plans";
import { PromotionSlot } from "../components/promotions/promotion-block";
import { CtaBand, Faq, FeatureGrid, Section } from "../components/sections/sections";
import { TrustedBy } from "../components/sections/trusted-by";
import { useT } from "../i18n/translator";
import { useClaimTexts } from "../lib/claim-texts";
import { type ClaimCard, type ClaimName, shownItems } from "../lib/claims";
import { useLocale } from "../lib/use-page";
import { loadPage } from "../routing/page-loader.server";
import { loadPlans, PRICED_PAGE_HEADERS } from "../routing/plans-loader.server";
import type { Route } from "./+types/home";

export async function loader(args: Route.LoaderArgs) {
  // The plan cards speak the pricing page's words, in the visitor's currency.
  return { ...loadPage(args, "home", { namespaces: ["pricing"] }), offer: await loadPlans(args) };
}

export function headers() {
  return PRICED_PAGE_HEADERS;
}

const WHY: ReadonlyArray<ClaimCard> = [
  { key: "privacy", icon: "eyeOff", claim: "noLogs" },
  { key: "speed", icon: "bolt" },
  { key: "devices", icon: "devices" },
  { key: "servers", icon: "globe" },
];

const SECURITY = [
  { key: "encryption", icon: "lock" },
  { key: "killSwitch", icon: "shield" },
  { key: "leaks", icon: "key" },
  { key: "wifi", icon: "wifi" },
] as const;

const FAQ: ReadonlyArray<{ key: string; claim?: ClaimName }> = [
  { key: "what" },
  { key: "logs", claim: "noLogs" },
  { key: "devices" },
  { key: "refund", claim: "moneyBack" },
  { key: "cancel" },
];

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const t = useT("home");
  const { to } = useLocale();
  const data = loaderData.offer;
  const claimTexts = useClaimTexts();
  const { claims } = claimTexts;
  const why = shownItems(WHY, claims).map((item) =>
    item.key === "servers" ? { ...item, title: t("common:claims.countries", { count: claims.countryCount }) } : item,
  );
  const faq = shownItems(FAQ, claims).map(({ key }) =>
    key === "refund" ? { key, q: t("common:claims.refundQuestion"), a: claimTexts.refund ?? "" } : key,
  );
  return (
    <>
      <PageIntro>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            to={to("/pricing")}
            className="rounded-lg bg-white px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50"
          >
            {t("cta")}
          </Link>
          <Link
            to={to("/features")}
            className="rounded-lg border border-white/60 px-6 py-3 font-semibold text-white hover:bg-white/10"
          >
            {t("secondaryCta")}
          </Link>
        </div>
      </PageIntro>

      {/* Filled by the promotions island while a promotion runs. */}
      <PromotionSlot />

      <Section id="why" title={t("why.title")} intro={t("why.intro")}>
        <FeatureGrid namespace="home" prefix="why" items={why} columns={why.length === 4 ? 4 : 3} />
      </Section>

      <Section id="security" tone="tinted" title={t("security.title")} intro={t("security.intro")}>
        <FeatureGrid namespace="home" prefix="security" items={SECURITY} columns={2} />
        <p className="mt-6">
          <Link to={to("/webrtc-leak-test")} className="font-semibold text-brand-700 underline">
            {t("securityTest")}
          </Link>
        </p>
      </Section>

      <PayPlans id="plans" title={t("plansTitle")} data={data} />

      <TrustedBy facts={TRUST} />

      <Section id="platforms" tone="tinted" title={t("platformsTitle")} intro={t("platformsIntro")}>
        <ul className="flex flex-wrap gap-3">
          {DOWNLOAD_PRODUCTS.map((product) => (
            <li key={product}>
              <Link
                to={to(`/download/${product}`)}
                className="block rounded-full border border-slate-300 bg-white px-4 py-2 font-medium hover:border-brand-600"
              >
                {DOWNLOAD_PRODUCT_NAMES[product]}
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="faq" title={t("faqTitle")}>
        <Faq namespace="home" prefix="faq" keys={faq} />
      </Section>

      <CtaBand title={t("final.title")} text={t("final.text")} label={t("cta")} to="/pricing" />
    </>
  );
}
