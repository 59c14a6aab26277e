import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { activePromotion, localise, type PromotionConfig } from "../../../universal/promotions/promotion-config";
import { useT } from "../../i18n/translator";
import { getConsent, subscribeConsent } from "../../lib/consent-client";
import { deviceKind } from "../../lib/device";
import { readStored, writeStored } from "../../lib/local-store";
import { choosePopup, type Dismissals, localDate, type PopupKind } from "../../lib/popups";
import { loadRemoteConfig } from "../../lib/remote-config";
import { useCurrentPage, useLocale } from "../../lib/use-page";
import { Icon } from "../sections/icon";
import { Headline, localisedSegments } from "./headline";
import { usePromotionTexts } from "./promotion-block";
import { fetchDiscount } from "./use-promotions";

const DISMISSED_KEY = "popup_dismissed";
const DISMISSED_TTL_MS = 2 * 24 * 60 * 60 * 1000;
/** Let the visitor see the page first. */
export const POPUP_DELAY_MS = 2500;
/** Pages where someone is in the middle of a task: no popup interrupts them. */
const QUIET_PAGES = new Set([
  "checkout",
  "paystatus",
  "paysuc",
  "login",
  "myaccount",
  "forgetpassword",
  "resetpassword",
  "redirect",
  "not-found",
]);

interface Shown {
  kind: PopupKind;
  config: PromotionConfig;
  discount?: string;
}

/**
 * Shows at most one popup per page (SPEC §4), after the visitor answered the cookie banner, never
 * on task pages. A popup counts as seen for the day once shown.
 */
export default function PopupHost() {
  const { page } = useCurrentPage();
  const [shown, setShown] = useState<Shown | null>(null);
  const pageKey = page?.key;

  useEffect(() => {
    if (!pageKey || QUIET_PAGES.has(pageKey)) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const decide = async () => {
      const consent = getConsent();
      if (!consent.settled || !consent.choice) return;
      unsubscribe();
      const config = await loadRemoteConfig().catch(() => null);
      if (!config || !live) return;
      const now = new Date();
      const kind = choosePopup({
        now,
        device: deviceKind(),
        onHomePage: pageKey === "home",
        dismissed: readStored<Dismissals>(DISMISSED_KEY) ?? {},
        config,
      });
      if (!kind) return;
      const discount = kind === "festival" ? await fetchDiscount() : undefined;
      // A festival headline quotes the real discount; without it there is nothing true to show.
      if (kind === "festival" && discount === undefined) return;
      timer = setTimeout(() => {
        if (!live) return;
        const dismissed = readStored<Dismissals>(DISMISSED_KEY) ?? {};
        writeStored(DISMISSED_KEY, { ...dismissed, [kind]: localDate(now) }, DISMISSED_TTL_MS);
        setShown({ kind, config, discount });
      }, POPUP_DELAY_MS);
    };
    const unsubscribe = subscribeConsent(() => void decide());
    void decide();
    return () => {
      live = false;
      unsubscribe();
      clearTimeout(timer);
    };
  }, [pageKey]);

  if (!shown) return null;
  return <PopupDialog shown={shown} onClose={() => setShown(null)} />;
}

function PopupDialog({ shown, onClose }: { shown: Shown; onClose: () => void }) {
  const t = useT("common");
  const { locale, to } = useLocale();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const promotion = shown.kind === "festival" ? activePromotion(shown.config, new Date()) : undefined;
  const content = shown.kind === "festival" ? undefined : shown.config.popups[shown.kind];
  if (!promotion && !content) return null;
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="popup-title"
      data-popup={shown.kind}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl bg-slate-900 p-0 text-white shadow-2xl backdrop:bg-ink-900/60"
    >
      <div className="relative p-8">
        <form method="dialog" className="absolute end-3 top-3">
          <button type="submit" className="rounded-full p-2 hover:bg-white/10" aria-label={t("promotions.close")}>
            <Icon name="close" className="h-5 w-5" />
          </button>
        </form>
        <p className="text-sm font-semibold uppercase tracking-wide text-white/90">{t("promotions.popupLabel")}</p>
        {promotion ? (
          <FestivalContent promotion={promotion} discount={shown.discount} />
        ) : content ? (
          <>
            <h2 id="popup-title" className="mt-1 text-2xl font-bold">
              <Headline segments={localisedSegments(content.headline, locale)} values={{}} />
            </h2>
            {content.body && <p className="mt-3 text-white/90">{localise(content.body, locale)}</p>}
          </>
        ) : null}
        <Link
          to={to(promotion?.href ?? content?.href ?? "/pricing")}
          onClick={() => dialog.current?.close()}
          className="mt-6 inline-block rounded-lg bg-white px-6 py-3 font-semibold text-ink-900 hover:bg-amber-100"
        >
          {t("promotions.cta")}
        </Link>
      </div>
    </dialog>
  );
}

function FestivalContent({
  promotion,
  discount,
}: {
  promotion: NonNullable<ReturnType<typeof activePromotion>>;
  discount?: string;
}) {
  const { segments, values, text } = usePromotionTexts(promotion, discount);
  return (
    <>
      <h2 id="popup-title" className="mt-1 text-2xl font-bold">
        <Headline segments={segments} values={values} />
      </h2>
      <p className="mt-3 text-white/90">{text}</p>
    </>
  );
}
