import { BRAND } from "../../universal/brand/brand";
import { BRAND_FILES } from "../../universal/brand/files";
import { PageIntro } from "../components/page-intro";
import { CtaBand, FeatureGrid, LinkRow, Prose, Section } from "../components/sections/sections";
import { useT } from "../i18n/translator";
import { joinSentences, useClaimTexts } from "../lib/claim-texts";
import { type ClaimCard, shownItems } from "../lib/claims";
import { useLocale } from "../lib/use-page";
import { loadPage } from "../routing/page-loader.server";
import type { Route } from "./+types/press-room";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "press-room");
}

const NAMESPACE = "press-room";

// The brand's logo with its colours filled in, written by the build (scripts/vite-plugin-brand.ts).
const LOGO_FILE = BRAND_FILES.pressLogo;
const LOGO_DOWNLOAD_NAME = `${BRAND.shortName.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "-")}-logo.svg`;

const FACTS: ReadonlyArray<ClaimCard> = [
  { key: "noLogs", icon: "eyeOff", claim: "noLogs" },
  { key: "servers", icon: "globe" },
  { key: "platforms", icon: "devices" },
  { key: "plans", icon: "clock" },
  { key: "devices", icon: "users" },
  { key: "business", icon: "key" },
];

/** The brand colours: the hex value is shown as text next to a swatch of it (a theme class, not an inline style). */
const COLOURS = [
  { key: "primary", hex: BRAND.colours.primary, swatch: "bg-brand-700" },
  { key: "accent", hex: BRAND.colours.accent, swatch: "bg-brand-600" },
  { key: "ink", hex: "#0f172a", swatch: "bg-ink-900" },
] as const;

const USAGE = ["space", "unchanged", "background", "name", "endorse"] as const;
const RELEASES = ["p1", "p2"] as const;
const CONTACT = ["p1"] as const;

const linkClass = "font-semibold text-brand-700 underline-offset-4 hover:underline";
const cardClass = "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";

function MediaKit() {
  const t = useT(NAMESPACE);
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className={cardClass}>
        <h3 className="text-lg font-bold">{t("mediaKit.logoTitle")}</h3>
        <div className="mt-4 flex justify-center rounded-xl bg-slate-50 p-6">
          <img src={LOGO_FILE} alt="" width={96} height={96} className="size-24" />
        </div>
        <p className="mt-4 text-slate-700">{t("mediaKit.logoText")}</p>
        <a href={LOGO_FILE} download={LOGO_DOWNLOAD_NAME} className={`mt-4 inline-block ${linkClass}`}>
          {t("mediaKit.download")}
        </a>
      </div>
      <div className={cardClass}>
        <h3 className="text-lg font-bold">{t("mediaKit.coloursTitle")}</h3>
        <p className="mt-2 text-slate-700">{t("mediaKit.coloursText")}</p>
        <ul className="mt-4 flex flex-col gap-3">
          {COLOURS.map(({ key, hex, swatch }) => (
            <li key={key} className="flex items-center gap-3">
              <span aria-hidden="true" className={`size-10 shrink-0 rounded-lg border border-slate-200 ${swatch}`} />
              <span>
                <span className="block font-semibold">{t(`mediaKit.${key}`)}</span>
                <code className="font-mono text-slate-700" dir="ltr">
                  {hex}
                </code>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className={cardClass}>
        <h3 className="text-lg font-bold">{t("mediaKit.usageTitle")}</h3>
        <ul className="mt-2 list-disc space-y-2 ps-5 text-slate-700">
          {USAGE.map((key) => (
            <li key={key}>{t(`mediaKit.usage.${key}`)}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export default function PressRoomPage() {
  const t = useT(NAMESPACE);
  const { locale } = useLocale();
  const { claims, moneyBackSentence, withMoneyBack } = useClaimTexts();
  const facts = shownItems(FACTS, claims).map((item) => {
    if (item.key === "servers") return { ...item, title: t("common:claims.serversIn", { count: claims.countryCount }) };
    if (item.key === "plans") return { ...item, text: withMoneyBack(t("facts.plans.text")) };
    return item;
  });
  return (
    <>
      <PageIntro />
      <Section id="about" title={t("aboutTitle")} intro={t("aboutIntro")}>
        <div className="max-w-3xl border-s-4 border-brand-700 ps-5">
          {/* The quotable paragraph, with each promise the operator makes as its own sentence. */}
          <p className="max-w-3xl text-lg text-slate-800">
            {joinSentences(locale, t("about.p1"), claims.noLogs ? t("about.noLogs") : null, moneyBackSentence)}
          </p>
        </div>
      </Section>
      <Section id="facts" title={t("factsTitle")} intro={t("factsIntro")} tone="tinted">
        <FeatureGrid namespace={NAMESPACE} prefix="facts" items={facts} />
      </Section>
      <Section id="media-kit" title={t("mediaKitTitle")} intro={t("mediaKitIntro")}>
        <MediaKit />
      </Section>
      <Section id="press-releases" title={t("releasesTitle")} tone="tinted">
        <Prose namespace={NAMESPACE} prefix="releases" keys={RELEASES} />
        <LinkRow namespace={NAMESPACE} links={[{ label: "releases.blogLink", path: "/blog" }]} />
      </Section>
      <Section id="press-contact" title={t("contactTitle")}>
        <Prose namespace={NAMESPACE} prefix="contact" keys={CONTACT} />
        <LinkRow namespace={NAMESPACE} links={[{ label: "contact.link", path: "/contact-us" }]} />
      </Section>
      <CtaBand title={t("cta.title")} text={t("cta.text")} label={t("cta.label")} to="/features" />
    </>
  );
}
