import { PageIntro } from "../components/page-intro";
import { CtaBand, Faq, FeatureGrid, LinkRow, Section, Steps } from "../components/sections/sections";
import { useT } from "../i18n/translator";
import { joinSentences, useClaimTexts } from "../lib/claim-texts";
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

export default function VpnTrialPage() {
  const t = useT(NAMESPACE);
  const { locale } = useLocale();
  const { moneyBack, refund } = useClaimTexts();
  const steps = STEPS.map((key) =>
    key === "refund" ? { key, text: joinSentences(locale, refund, t("steps.refund.orderNumber")) } : { key },
  );
  return (
    <>
      <PageIntro>
        <p className="mx-auto mt-4 inline-block rounded-full bg-green-100 px-4 py-1 font-semibold text-green-900">
          {moneyBack}
        </p>
      </PageIntro>
      <Section id="how-it-works" title={t("stepsTitle")} intro={t("stepsIntro")}>
        <Steps namespace={NAMESPACE} prefix="steps" keys={steps} />
        {/* The refund is self-served in the account (decision 035); support takes the rest. */}
        <LinkRow
          namespace={NAMESPACE}
          links={[
            { label: "refundLink", path: "/myaccount" },
            { label: "contactLink", path: "/contact-us" },
          ]}
        />
      </Section>
      <Section id="included" title={t("includedTitle")} intro={t("includedIntro")} tone="tinted">
        <FeatureGrid namespace={NAMESPACE} prefix="included" items={INCLUDED} />
        <LinkRow namespace={NAMESPACE} links={[{ label: "featuresLink", path: "/features" }]} />
      </Section>
      <Section id="faq" title={t("faqTitle")}>
        <Faq namespace={NAMESPACE} prefix="faq" keys={FAQ} />
      </Section>
      <CtaBand title={t("cta.title")} text={t("cta.text")} label={t("cta.label")} to="/pricing" />
    </>
  );
}
