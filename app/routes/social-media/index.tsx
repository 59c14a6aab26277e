import { Link } from "react-router";
import { SOCIAL_MEDIA_PLATFORMS, type SocialMediaPlatform } from "../../../universal/routing/sub-pages";
import { PageIntro } from "../../components/page-intro";
import { CtaBand, Faq, FeatureGrid, ForwardArrow, Section } from "../../components/sections/sections";
import { useT } from "../../i18n/translator";
import { useClaimTexts } from "../../lib/claim-texts";
import { useLocale } from "../../lib/use-page";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/index";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "vpn-for-social-media");
}

const NAMESPACE = "vpn-for-social-media";

const PLATFORM_IDS = Object.keys(SOCIAL_MEDIA_PLATFORMS) as SocialMediaPlatform[];

const WHY = [
  { key: "wifi", icon: "wifi" },
  { key: "location", icon: "eyeOff" },
  { key: "travel", icon: "globe" },
  { key: "networks", icon: "route" },
] as const;

const TIPS = [
  { key: "twoFactor", icon: "key" },
  { key: "settings", icon: "users" },
  { key: "location", icon: "eyeOff" },
  { key: "phishing", icon: "shield" },
] as const;

const FAQ = ["anonymous", "allowed", "verify", "speed"] as const;

/** One card per platform; the brand name is the link, the whole card is its target. */
function PlatformCards() {
  const t = useT(NAMESPACE);
  const { to } = useLocale();
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {PLATFORM_IDS.map((id) => (
        <li
          key={id}
          className="relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-colors focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-600"
        >
          <h3 className="text-lg font-bold">
            <Link
              to={to(`/vpn-for-social-media/${id}`)}
              className="text-brand-700 after:absolute after:inset-0 after:rounded-2xl"
            >
              {SOCIAL_MEDIA_PLATFORMS[id]}
            </Link>
          </h3>
          <p className="mt-2 flex-1 text-slate-700">{t(`platforms.${id}.summary`)}</p>
          <span className="mt-4 font-semibold text-brand-700">
            <ForwardArrow />
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function VpnForSocialMediaPage() {
  const t = useT(NAMESPACE);
  const { withMoneyBack } = useClaimTexts();
  return (
    <>
      <PageIntro />
      <Section id="why" title={t("whyTitle")} intro={t("whyIntro")}>
        <FeatureGrid namespace={NAMESPACE} prefix="why" items={WHY} columns={2} />
      </Section>
      <Section id="platforms" title={t("platformsTitle")} intro={t("platformsIntro")} tone="tinted">
        <PlatformCards />
      </Section>
      <Section id="tips" title={t("tipsTitle")} intro={t("tipsIntro")}>
        <FeatureGrid namespace={NAMESPACE} prefix="tips" items={TIPS} columns={2} />
      </Section>
      <Section id="faq" title={t("faqTitle")} tone="tinted">
        <Faq namespace={NAMESPACE} prefix="faq" keys={FAQ} />
      </Section>
      <CtaBand title={t("cta.title")} text={withMoneyBack(t("cta.text"))} label={t("cta.label")} to="/pricing" />
    </>
  );
}
