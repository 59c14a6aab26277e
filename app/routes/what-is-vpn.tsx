import { Link } from "react-router";
import { PageIntro } from "../components/page-intro";
import { Icon, type IconName } from "../components/sections/icon";
import { CtaBand, Faq, FeatureGrid, ForwardArrow, Prose, Section, Steps } from "../components/sections/sections";
import { useT } from "../i18n/translator";
import { joinSentences, useClaimTexts } from "../lib/claim-texts";
import { useLocale } from "../lib/use-page";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/what-is-vpn";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "what-is-vpn");
}

const NAMESPACE = "what-is-vpn";

const HOW = ["p1", "p2", "p3"] as const;
const CONNECT = ["handshake", "tunnel", "exit"] as const;

const PROTECTS = [
  { key: "wifi", icon: "wifi" },
  { key: "ip", icon: "eyeOff" },
  { key: "isp", icon: "route" },
  { key: "throttling", icon: "gauge" },
  { key: "travel", icon: "globe" },
  { key: "apps", icon: "devices" },
] as const;

const LIMITS = [
  { key: "tracking", icon: "eyeOff" },
  { key: "accounts", icon: "users" },
  { key: "malware", icon: "shield" },
  { key: "speed", icon: "clock" },
] as const;

const TOOLS: ReadonlyArray<{ key: string; icon: IconName; path: string }> = [
  { key: "ip", icon: "globe", path: "/what-is-my-ip" },
  { key: "webrtc", icon: "key", path: "/webrtc-leak-test" },
  { key: "blog", icon: "check", path: "/blog" },
];

const FAQ = ["legal", "speed", "home", "free", "devices"] as const;

/** Cards like FeatureGrid's, each ending in a link to a free tool or the blog: `tools.<key>.title|text|link`. */
function ToolCards() {
  const t = useT(NAMESPACE);
  const { to } = useLocale();
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {TOOLS.map(({ key, icon, path }) => (
        <li key={key} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <span className="inline-flex self-start rounded-xl bg-brand-50 p-2.5 text-brand-700">
            <Icon name={icon} />
          </span>
          <h3 className="mt-4 text-lg font-bold">{t(`tools.${key}.title`)}</h3>
          <p className="mt-2 flex-1 text-slate-700">{t(`tools.${key}.text`)}</p>
          <Link to={to(path)} className="mt-4 font-semibold text-brand-700 underline-offset-4 hover:underline">
            {t(`tools.${key}.link`)} <ForwardArrow />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function WhatIsVpnPage() {
  const t = useT(NAMESPACE);
  const { locale } = useLocale();
  const { claims, withMoneyBack } = useClaimTexts();
  return (
    <>
      <PageIntro />
      <Section id="how-a-vpn-works" title={t("howTitle")}>
        <Prose namespace={NAMESPACE} prefix="how" keys={HOW} />
      </Section>
      <Section id="when-you-connect" title={t("connectTitle")} intro={t("connectIntro")} tone="tinted">
        <Steps namespace={NAMESPACE} prefix="connect" keys={CONNECT} />
      </Section>
      <Section id="what-it-protects" title={t("protectsTitle")} intro={t("protectsIntro")}>
        <FeatureGrid namespace={NAMESPACE} prefix="protects" items={PROTECTS} />
      </Section>
      <Section id="what-it-does-not-do" title={t("limitsTitle")} intro={t("limitsIntro")} tone="tinted">
        <FeatureGrid namespace={NAMESPACE} prefix="limits" items={LIMITS} columns={2} />
      </Section>
      <Section id="free-tools" title={t("toolsTitle")} intro={t("toolsIntro")}>
        <ToolCards />
      </Section>
      <Section id="faq" title={t("faqTitle")} tone="tinted">
        <Faq
          namespace={NAMESPACE}
          prefix="faq"
          keys={[
            ...FAQ,
            // Why a provider's logging matters is general; that this one keeps none is the operator's promise.
            {
              key: "provider",
              a: joinSentences(locale, t("faq.provider.a"), claims.noLogs ? t("faq.provider.noLogs") : null),
            },
          ]}
        />
      </Section>
      <CtaBand
        title={t("cta.title")}
        text={withMoneyBack(joinSentences(locale, t("cta.text"), claims.noLogs ? t("cta.noLogs") : null))}
        label={t("cta.label")}
        to="/pricing"
      />
    </>
  );
}
