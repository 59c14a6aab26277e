import { PageIntro } from "../components/page-intro";
import { CtaBand, Faq, FeatureGrid, LinkRow, Prose, Section, Steps } from "../components/sections/sections";
import { useT } from "../i18n/translator";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/features";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "features");
}

const NAMESPACE = "features";

const FEATURES = [
  { key: "encryption", icon: "lock" },
  { key: "noLogs", icon: "eyeOff" },
  { key: "killSwitch", icon: "shield" },
  { key: "leaks", icon: "route" },
  { key: "servers", icon: "server" },
  { key: "platforms", icon: "devices" },
  { key: "devices", icon: "users" },
  { key: "wifi", icon: "wifi" },
  { key: "moneyBack", icon: "check" },
] as const;

const STEPS = ["plan", "install", "connect"] as const;
const PRIVACY = ["p1", "p2", "p3"] as const;
const FAQ = ["logs", "devices", "killSwitch", "speed", "platforms", "refund"] as const;

export default function FeaturesPage() {
  const t = useT(NAMESPACE);
  return (
    <>
      <PageIntro />
      <Section id="features" title={t("featuresTitle")} intro={t("featuresIntro")}>
        <FeatureGrid namespace={NAMESPACE} prefix="features" items={FEATURES} />
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
        <Prose namespace={NAMESPACE} prefix="privacy" keys={PRIVACY} />
        <LinkRow
          namespace={NAMESPACE}
          links={[
            { label: "privacy.policyLink", path: "/privacy-policy" },
            { label: "privacy.leakTestLink", path: "/webrtc-leak-test" },
          ]}
        />
      </Section>
      <Section id="faq" title={t("faqTitle")} tone="tinted">
        <Faq namespace={NAMESPACE} prefix="faq" keys={FAQ} />
      </Section>
      <CtaBand title={t("cta.title")} text={t("cta.text")} label={t("cta.label")} to="/pricing" />
    </>
  );
}
