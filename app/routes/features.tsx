import { PageIntro } from "../components/page-intro";
import { NoLogsReportLink } from "../components/sections/no-logs-report-link";
import { CtaBand, Faq, FeatureGrid, LinkRow, Prose, Section, Steps } from "../components/sections/sections";
import { useT } from "../i18n/translator";
import { useClaimTexts } from "../lib/claim-texts";
import { type ClaimCard, type ClaimName, protocolList, shownItems } from "../lib/claims";
import { useLocale } from "../lib/use-page";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/features";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "features");
}

const NAMESPACE = "features";

const FEATURES: ReadonlyArray<ClaimCard> = [
  { key: "encryption", icon: "lock" },
  { key: "noLogs", icon: "eyeOff", claim: "noLogs" },
  { key: "killSwitch", icon: "shield" },
  { key: "leaks", icon: "route" },
  { key: "servers", icon: "server" },
  { key: "platforms", icon: "devices" },
  { key: "devices", icon: "users" },
  { key: "wifi", icon: "wifi" },
  { key: "moneyBack", icon: "check", claim: "moneyBack" },
];

const STEPS = ["plan", "install", "connect"] as const;
const PRIVACY: ReadonlyArray<{ key: string; claim?: ClaimName }> = [
  { key: "p1", claim: "noLogs" },
  { key: "p2" },
  { key: "p3" },
];
const FAQ: ReadonlyArray<{ key: string; claim?: ClaimName }> = [
  { key: "logs", claim: "noLogs" },
  { key: "devices" },
  { key: "killSwitch" },
  { key: "speed" },
  { key: "platforms" },
  { key: "refund", claim: "moneyBack" },
];

export default function FeaturesPage() {
  const t = useT(NAMESPACE);
  const { locale } = useLocale();
  const claimTexts = useClaimTexts();
  const { claims } = claimTexts;
  const features = shownItems(FEATURES, claims).map((item) => {
    if (item.key === "servers") return { ...item, title: t("common:claims.serversIn", { count: claims.countryCount }) };
    if (item.key === "moneyBack") return { ...item, title: claimTexts.moneyBack ?? "", text: claimTexts.refund ?? "" };
    return item;
  });
  const faq = shownItems(FAQ, claims).map(({ key }) =>
    key === "refund" ? { key, q: t("common:claims.refundQuestion"), a: claimTexts.refund ?? "" } : key,
  );
  return (
    <>
      <PageIntro />
      <Section id="features" title={t("featuresTitle")} intro={t("featuresIntro")}>
        <FeatureGrid namespace={NAMESPACE} prefix="features" items={features} />
        {claims.protocols.length > 0 && (
          <p className="mt-6 text-slate-700">
            {t("common:claims.protocols", { protocols: protocolList(claims, locale) })}
          </p>
        )}
        <LinkRow
          namespace={NAMESPACE}
          links={[
            { label: "links.servers", path: "/vpn-server" },
            { label: "links.download", path: "/download" },
          ]}
        />
      </Section>
      <Section id="how-it-works" title={t("stepsTitle")} intro={t("stepsIntro")} tone="tinted">
        <Steps namespace={NAMESPACE} prefix="steps" keys={STEPS} />
      </Section>
      <Section id="privacy" title={t("privacyTitle")} intro={t("privacyIntro")}>
        <Prose namespace={NAMESPACE} prefix="privacy" keys={shownItems(PRIVACY, claims).map(({ key }) => key)} />
        <LinkRow
          namespace={NAMESPACE}
          links={[
            { label: "privacy.policyLink", path: "/privacy-policy" },
            { label: "privacy.leakTestLink", path: "/webrtc-leak-test" },
          ]}
        />
        <NoLogsReportLink claims={claims} />
      </Section>
      <Section id="faq" title={t("faqTitle")} tone="tinted">
        <Faq namespace={NAMESPACE} prefix="faq" keys={faq} />
      </Section>
      <CtaBand
        title={t("cta.title")}
        text={claimTexts.withMoneyBack(t("cta.text"))}
        label={t("cta.label")}
        to="/pricing"
      />
    </>
  );
}
