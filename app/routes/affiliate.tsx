import { PageIntro } from "../components/page-intro";
import { CtaBand, Faq, FeatureGrid, LinkRow, Prose, Section, Steps } from "../components/sections/sections";
import { useT } from "../i18n/translator";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/affiliate";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "affiliate");
}

const NAMESPACE = "affiliate";

const STEPS = ["join", "share", "earn"] as const;

const JOIN = [
  { key: "cj", icon: "globe" },
  { key: "admitad", icon: "globe" },
  { key: "direct", icon: "headset" },
] as const;

const TRACKING = ["p1", "p2", "p3"] as const;

const BENEFITS = [
  { key: "creatives", icon: "route" },
  { key: "product", icon: "shield" },
  { key: "reporting", icon: "gauge" },
] as const;

const RULES = [
  { key: "trademark", icon: "key" },
  { key: "claims", icon: "check" },
  { key: "spam", icon: "eyeOff" },
  { key: "coupons", icon: "lock" },
] as const;

const FAQ = ["rate", "cookie", "payment", "sales"] as const;

export default function AffiliatePage() {
  const t = useT(NAMESPACE);
  return (
    <>
      <PageIntro />
      <Section id="how-it-works" title={t("stepsTitle")} intro={t("stepsIntro")}>
        <Steps namespace={NAMESPACE} prefix="steps" keys={STEPS} />
      </Section>
      <Section id="join" title={t("joinTitle")} intro={t("joinIntro")} tone="tinted">
        <FeatureGrid namespace={NAMESPACE} prefix="join" items={JOIN} />
        <LinkRow namespace={NAMESPACE} links={[{ label: "joinLink", path: "/contact-us" }]} />
      </Section>
      <Section id="tracking" title={t("trackingTitle")} intro={t("trackingIntro")}>
        <Prose namespace={NAMESPACE} prefix="tracking" keys={TRACKING} />
      </Section>
      <Section id="benefits" title={t("benefitsTitle")} intro={t("benefitsIntro")} tone="tinted">
        <FeatureGrid namespace={NAMESPACE} prefix="benefits" items={BENEFITS} />
      </Section>
      <Section id="rules" title={t("rulesTitle")} intro={t("rulesIntro")}>
        <FeatureGrid namespace={NAMESPACE} prefix="rules" items={RULES} columns={2} />
      </Section>
      <Section id="faq" title={t("faqTitle")} tone="tinted">
        <Faq namespace={NAMESPACE} prefix="faq" keys={FAQ} />
      </Section>
      <CtaBand title={t("cta.title")} text={t("cta.text")} label={t("cta.label")} to="/contact-us" />
    </>
  );
}
