import { Link } from "react-router";
import { SOCIAL_MEDIA_PLATFORMS, type SocialMediaPlatform } from "../../../universal/routing/sub-pages";
import { PageIntro } from "../../components/page-intro";
import { Icon, type IconName } from "../../components/sections/icon";
import { CtaBand, ForwardArrow, Section } from "../../components/sections/sections";
import { useT } from "../../i18n/translator";
import { useClaimTexts } from "../../lib/claim-texts";
import { useLocale } from "../../lib/use-page";
import { loadPage } from "../../routing/page-loader.server";
import type { Route } from "./+types/platform";

export function loader(args: Route.LoaderArgs) {
  return loadPage(args, "vpn-for-social-media-item");
}

const NAMESPACE = "vpn-for-social-media";

const PLATFORM_IDS = Object.keys(SOCIAL_MEDIA_PLATFORMS) as SocialMediaPlatform[];

/**
 * Each platform's words live flat in `platforms.<id>`: reason1Title/reason1 … reason4,
 * tip1Title/tip1 … tip3, faq1Q/faq1A … faq3A. The pictograms of its four reasons are chosen here.
 */
const REASON_ICONS: Record<SocialMediaPlatform, readonly [IconName, IconName, IconName, IconName]> = {
  facebook: ["wifi", "eyeOff", "globe", "route"],
  instagram: ["wifi", "users", "eyeOff", "globe"],
  tiktok: ["wifi", "eyeOff", "play", "route"],
  youtube: ["gauge", "clock", "eyeOff", "globe"],
  x: ["route", "bolt", "wifi", "eyeOff"],
  whatsapp: ["wifi", "eyeOff", "route", "globe"],
  telegram: ["eyeOff", "lock", "route", "shield"],
  snapchat: ["globe", "wifi", "eyeOff", "route"],
};
const TIP_ICONS: readonly IconName[] = ["shield", "lock", "key"];
const FAQ_COUNT = 3;
const STEPS = ["install", "connect", "open"] as const;

interface Card {
  id: string;
  icon: IconName;
  title: string;
  text: string;
}

/** The section kit's card grid, for texts that are already looked up. */
function Cards({ items }: { items: readonly Card[] }) {
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 ${items.length === 3 ? "lg:grid-cols-3" : ""}`}>
      {items.map(({ id, icon, title, text }) => (
        <li key={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <span className="inline-flex rounded-xl bg-brand-50 p-2.5 text-brand-700">
            <Icon name={icon} />
          </span>
          <h3 className="mt-4 text-lg font-bold">{title}</h3>
          <p className="mt-2 text-slate-700">{text}</p>
        </li>
      ))}
    </ul>
  );
}

/** The section kit's numbered steps, with the platform's name filled in. */
function SetupSteps({ vars }: { vars: { platform: string } }) {
  const t = useT(NAMESPACE);
  return (
    <ol className="grid gap-6 md:grid-cols-3">
      {STEPS.map((key, index) => (
        <li key={key} className="flex gap-4">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
            {index + 1}
          </span>
          <div>
            <h3 className="font-bold">{t(`steps.${key}.title`, vars)}</h3>
            <p className="mt-1 text-slate-700">{t(`steps.${key}.text`, vars)}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The section kit's questions and answers, for the flat `faqNQ` / `faqNA` keys of one platform. */
function PlatformFaq({ id }: { id: SocialMediaPlatform }) {
  const t = useT(NAMESPACE);
  const numbers = Array.from({ length: FAQ_COUNT }, (_, i) => i + 1);
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {numbers.map((n) => (
        <details key={n} className="group p-5">
          <summary className="cursor-pointer list-none font-semibold marker:hidden">
            <span className="flex items-center justify-between gap-4">
              {t(`platforms.${id}.faq${n}Q`)}
              <span aria-hidden="true" className="text-brand-700 transition-transform group-open:rotate-45">
                +
              </span>
            </span>
          </summary>
          <p className="mt-3 text-slate-700">{t(`platforms.${id}.faq${n}A`)}</p>
        </details>
      ))}
    </div>
  );
}

/** Links to the other platforms' pages and back to the overview. */
function OtherPlatforms({ current }: { current: SocialMediaPlatform }) {
  const t = useT(NAMESPACE);
  const { to } = useLocale();
  return (
    <>
      <ul className="flex flex-wrap gap-3">
        {PLATFORM_IDS.filter((id) => id !== current).map((id) => (
          <li key={id}>
            <Link
              to={to(`/vpn-for-social-media/${id}`)}
              className="block rounded-full border border-slate-300 bg-white px-4 py-2 font-medium hover:border-brand-600"
            >
              {SOCIAL_MEDIA_PLATFORMS[id]}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-8">
        <Link
          to={to("/vpn-for-social-media")}
          className="font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {t("item.allPlatforms")} <ForwardArrow />
        </Link>
      </p>
    </>
  );
}

export default function SocialMediaPlatformPage({ params }: Route.ComponentProps) {
  const t = useT(NAMESPACE);
  const { to } = useLocale();
  // The loader has already answered 404 for any id outside the list.
  const id = params.id as SocialMediaPlatform;
  const vars = { platform: SOCIAL_MEDIA_PLATFORMS[id] };
  const text = (key: string) => t(`platforms.${id}.${key}`);
  const { withMoneyBack } = useClaimTexts();

  const reasons: Card[] = REASON_ICONS[id].map((icon, i) => ({
    id: `reason${i + 1}`,
    icon,
    title: text(`reason${i + 1}Title`),
    text: text(`reason${i + 1}`),
  }));
  const tips: Card[] = TIP_ICONS.map((icon, i) => ({
    id: `tip${i + 1}`,
    icon,
    title: text(`tip${i + 1}Title`),
    text: text(`tip${i + 1}`),
  }));

  return (
    <>
      <PageIntro />
      <Section id="reasons" title={t("item.reasonsTitle", vars)} intro={t("item.reasonsIntro", vars)}>
        <Cards items={reasons} />
      </Section>
      <Section id="setup" title={t("item.stepsTitle", vars)} intro={t("item.stepsIntro", vars)} tone="tinted">
        <SetupSteps vars={vars} />
        <p className="mt-8">
          <Link to={to("/download")} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            {t("item.downloadLink")} <ForwardArrow />
          </Link>
        </p>
      </Section>
      <Section id="privacy-tips" title={t("item.tipsTitle", vars)} intro={t("item.tipsIntro", vars)}>
        <Cards items={tips} />
      </Section>
      <Section id="faq" title={t("item.faqTitle", vars)} tone="tinted">
        <PlatformFaq id={id} />
      </Section>
      <Section id="other-platforms" title={t("item.othersTitle")} intro={t("item.othersIntro")}>
        <OtherPlatforms current={id} />
      </Section>
      <CtaBand
        title={t("item.ctaTitle", vars)}
        text={withMoneyBack(t("item.ctaText", vars))}
        label={t("item.ctaLabel")}
        to="/pricing"
      />
    </>
  );
}
