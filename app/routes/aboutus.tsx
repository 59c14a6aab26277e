import { Link } from "react-router";
import { PageIntro } from "../components/page-intro";
import { Icon, type IconName } from "../components/sections/icon";
import { CtaBand, FeatureGrid, ForwardArrow, LinkRow, Prose, Section } from "../components/sections/sections";
import { useT } from "../i18n/translator";
import { useClaimTexts } from "../lib/claim-texts";
import { type ClaimCard, type ClaimName, shownItems } from "../lib/claims";
import { useLocale } from "../lib/use-page";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/aboutus";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "aboutus");
}

const NAMESPACE = "aboutus";

const WHAT = ["p1", "p2"] as const;

const PRINCIPLES: ReadonlyArray<ClaimCard> = [
  { key: "noLogs", icon: "eyeOff", claim: "noLogs" },
  { key: "privacyByDesign", icon: "shield" },
  { key: "honesty", icon: "check" },
  { key: "subscriptions", icon: "key" },
];

const BUILD: ReadonlyArray<{ key: string; claim?: ClaimName }> = [
  { key: "p1", claim: "noLogs" },
  { key: "p2" },
  { key: "p3" },
];

const CONTACTS: ReadonlyArray<{ key: string; icon: IconName; path: string }> = [
  { key: "support", icon: "headset", path: "/contact-us" },
  { key: "press", icon: "globe", path: "/press-room" },
];

const linkClass = "font-semibold text-brand-700 underline-offset-4 hover:underline";

/** Who to write to: a card per audience, each with a link to the right page. */
function ContactCards() {
  const t = useT(NAMESPACE);
  const { to } = useLocale();
  return (
    <ul className="grid gap-6 sm:grid-cols-2">
      {CONTACTS.map(({ key, icon, path }) => (
        <li key={key} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <span className="inline-flex self-start rounded-xl bg-brand-50 p-2.5 text-brand-700">
            <Icon name={icon} />
          </span>
          <h3 className="mt-4 text-lg font-bold">{t(`contact.${key}.title`)}</h3>
          <p className="mt-2 flex-1 text-slate-700">{t(`contact.${key}.text`)}</p>
          <Link to={to(path)} className={`mt-4 ${linkClass}`}>
            {t(`contact.${key}.link`)} <ForwardArrow />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function AboutusPage() {
  const t = useT(NAMESPACE);
  const { claims, withMoneyBack } = useClaimTexts();
  return (
    <>
      <PageIntro />
      <Section id="what-we-do" title={t("whatTitle")}>
        <Prose namespace={NAMESPACE} prefix="what" keys={WHAT} />
      </Section>
      <Section id="principles" title={t("principlesTitle")} intro={t("principlesIntro")} tone="tinted">
        <FeatureGrid namespace={NAMESPACE} prefix="principles" items={shownItems(PRINCIPLES, claims)} columns={2} />
      </Section>
      <Section id="how-it-is-built" title={t("buildTitle")} intro={t("buildIntro")}>
        <Prose namespace={NAMESPACE} prefix="build" keys={shownItems(BUILD, claims).map(({ key }) => key)} />
        <LinkRow
          namespace={NAMESPACE}
          links={[
            { label: "build.featuresLink", path: "/features" },
            { label: "build.privacyLink", path: "/privacy-policy" },
          ]}
        />
      </Section>
      <Section id="contact" title={t("contactTitle")} intro={t("contactIntro")} tone="tinted">
        <ContactCards />
      </Section>
      <CtaBand title={t("cta.title")} text={withMoneyBack(t("cta.text"))} label={t("cta.label")} to="/pricing" />
    </>
  );
}
