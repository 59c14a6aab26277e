import { Link } from "react-router";
import { PageIntro } from "../components/page-intro";
import { CtaBand, Faq, FeatureGrid, Prose, Section, Steps } from "../components/sections/sections";
import { useT } from "../i18n/translator";
import { useLocale } from "../lib/use-page";
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

/** A row of text links under a block (labels are catalogue keys, paths are unlocalized). */
function LinkRow({ links }: { links: ReadonlyArray<{ label: string; path: string }> }) {
  const t = useT(NAMESPACE);
  const { to } = useLocale();
  return (
    <ul className="mt-8 flex flex-wrap gap-x-8 gap-y-3">
      {links.map(({ label, path }) => (
        <li key={path}>
          <Link to={to(path)} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            {t(label)} <span aria-hidden="true">→</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function FeaturesPage() {
  const t = useT(NAMESPACE);
  return (
    <>
      <PageIntro />
      <Section id="features" title={t("featuresTitle")} intro={t("featuresIntro")}>
        <FeatureGrid namespace={NAMESPACE} prefix="features" items={FEATURES} />
        <LinkRow
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
