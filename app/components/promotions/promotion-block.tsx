import type { ReactNode } from "react";
import { PROMOTION_KINDS, type PromotionKind } from "../../../universal/promotions/promotion-config";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import { Icon, type IconName } from "../sections/icon";

/** Each seasonal block has its own colours and pictogram (dark enough for white text, AA). */
export const PROMOTION_THEMES: Record<PromotionKind, { className: string; icon: IconName }> = {
  anniversary: { className: "bg-violet-900", icon: "gift" },
  "back-to-school": { className: "bg-sky-900", icon: "book" },
  easter: { className: "bg-emerald-900", icon: "egg" },
  "black-friday": { className: "bg-neutral-900", icon: "bolt" },
  christmas: { className: "bg-red-900", icon: "gift" },
  "new-year": { className: "bg-indigo-900", icon: "clock" },
  custom: { className: "bg-slate-800", icon: "shield" },
};

/**
 * The home page's seasonal block (SPEC §2). The page is a document and which promotion runs
 * depends on the visitor's clock, so the server sends one inert block per kind and the promotions
 * island (app/islands/promotions.island.ts) fills and shows the active one, only while some plan is
 * really discounted. Without JavaScript no block shows, as outside a promotion.
 */
export function PromotionSlot() {
  return (
    <div data-promotion-slot="">
      {PROMOTION_KINDS.map((kind) => (
        <template key={kind} data-promotion-block={kind}>
          <PromotionSection kind={kind} />
        </template>
      ))}
    </div>
  );
}

/**
 * The block's frame; its headline and text (`data-title`, `data-text`) are filled in the browser,
 * or given here (the console's live preview, decision 057, renders this same block).
 */
export function PromotionSection({ kind, title, text }: { kind: PromotionKind; title?: ReactNode; text?: ReactNode }) {
  const t = useT("common");
  const { to } = useLocale();
  const theme = PROMOTION_THEMES[kind];
  return (
    <section aria-labelledby="promotion-title" className={`${theme.className} text-white`}>
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-10 text-center md:flex-row md:text-start">
        <span className="rounded-full bg-white/10 p-4" aria-hidden="true">
          <Icon name={theme.icon} className="h-10 w-10" />
        </span>
        <div className="flex-1">
          <p className="text-sm font-semibold uppercase tracking-wide text-white/90">{t("promotions.label")}</p>
          <h2 id="promotion-title" className="mt-1 text-2xl font-bold md:text-3xl" data-title="">
            {title}
          </h2>
          <p className="mt-2 text-white/90" data-text="">
            {text}
          </p>
        </div>
        <a
          href={to("/pricing")}
          data-cta=""
          className="rounded-lg bg-white px-6 py-3 font-semibold text-ink-900 hover:bg-amber-100"
        >
          {t("promotions.cta")}
        </a>
      </div>
    </section>
  );
}
