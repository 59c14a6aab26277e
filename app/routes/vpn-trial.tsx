import { Link } from "react-router";
import { PageIntro } from "../components/page-intro";
import { CtaBand, Faq, FeatureGrid, Section, Steps } from "../components/sections/sections";
import { useT } from "../i18n/translator";
import { useLocale } from "../lib/use-page";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/vpn-trial";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "vpn-trial");
}

const NAMESPACE = "vpn-trial";

const STEPS = ["plan", "use", "refund"] as const;

const INCLUDED = [
  { key: "features", icon: "lock" },
  { key: "servers", icon: "globe" },
  { key: "devices", icon: "devices" },
] as const;

const FAQ = ["free", "how", "full", "account", "devices"] as const;

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

export default function VpnTrialPage() {
  const t = useT(NAMESPACE);
  return (
    <>
      <PageIntro />
      <Section id="how-it-works" title={t("stepsTitle")} intro={t("stepsIntro")}>
        <Steps namespace={NAMESPACE} prefix="steps" keys={STEPS} />
        <LinkRow links={[{ label: "refundLink", path: "/contact-us" }]} />
      </Section>
      <Section id="included" title={t("includedTitle")} intro={t("includedIntro")} tone="tinted">
        <FeatureGrid namespace={NAMESPACE} prefix="included" items={INCLUDED} />
        <LinkRow links={[{ label: "featuresLink", path: "/features" }]} />
      </Section>
      <Section id="faq" title={t("faqTitle")}>
        <Faq namespace={NAMESPACE} prefix="faq" keys={FAQ} />
      </Section>
      <CtaBand title={t("cta.title")} text={t("cta.text")} label={t("cta.label")} to="/pricing" />
    </>
  );
}
