import { type FormEvent, useEffect, useState } from "react";
import { CURRENCY_CODES } from "../../../universal/billing/currencies";
import { formatDateTime } from "../../../universal/i18n/format";
import { LOCALES, type Locale } from "../../../universal/i18n/locales";
import type { Catalogue } from "../../../universal/i18n/namespaces";
import {
  isActive,
  PROMOTION_KINDS,
  type Promotion,
  type PromotionConfig,
  type PromotionKind,
  type Segment,
} from "../../../universal/promotions/promotion-config";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import type { SectionNotice } from "../account/account-api";
import { AccountCard } from "../account/account-card";
import { useConfirmDialog } from "../account/confirm-dialog";
import { ChoiceField, CONSOLE_CONTROL } from "./choice-field";
import { useConsoleApi } from "./console-api";
import { PopupPreview, PromotionPreview } from "./promotion-preview";
import { useConsoleRun } from "./use-console-run";

type SaleKind = "none" | "prices" | "coupon";
type PopupKind = "weekend" | "workday" | "mobileDaily";
const POPUP_KINDS: PopupKind[] = ["weekend", "workday", "mobileDaily"];
const TONES: Segment["tone"][] = ["plain", "accent", "highlight"];

interface Draft {
  id: string;
  kind: PromotionKind;
  start: string;
  end: string;
  isFestival: boolean;
  href: string;
  headline: Segment[];
  placeholders: Promotion["placeholders"];
  saleKind: SaleKind;
  prices: Array<{ plan_id: string; currency: string; amount: string }>;
  coupon: string;
}

const pad = (value: number) => String(value).padStart(2, "0");
/** An instant as a datetime-local value, in the browser's time zone. */
function localInput(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
const isoOf = (local: string) => (local && !Number.isNaN(Date.parse(local)) ? new Date(local).toISOString() : local);

function draftOf(promotion?: Promotion): Draft {
  const now = Date.now();
  return {
    id: promotion?.id ?? "",
    kind: promotion?.kind ?? "black-friday",
    start: localInput(promotion?.startTime ?? new Date(now).toISOString()),
    end: localInput(promotion?.endTime ?? new Date(now + 7 * 86_400_000).toISOString()),
    isFestival: promotion?.isFestival ?? true,
    href: promotion?.href ?? "/pricing",
    headline: promotion?.headline ?? [],
    placeholders: promotion?.placeholders ?? {},
    saleKind: promotion?.sale?.kind ?? "none",
    prices:
      promotion?.sale?.kind === "prices"
        ? promotion.sale.prices.map((price) => ({ ...price, amount: String(price.amount) }))
        : [],
    coupon: promotion?.sale?.kind === "coupon" ? promotion.sale.coupon : "",
  };
}

/** Drops the languages left empty; whitespace inside a segment is kept as typed. */
const cleanSegments = (segments: Segment[]): Segment[] =>
  segments.map((segment) => ({
    tone: segment.tone,
    text: Object.fromEntries(Object.entries(segment.text).filter(([, value]) => value)) as Segment["text"],
  }));

function promotionOf(draft: Draft): Promotion {
  const headline = cleanSegments(draft.headline);
  return {
    id: draft.id.trim(),
    kind: draft.kind,
    startTime: isoOf(draft.start),
    endTime: isoOf(draft.end),
    isFestival: draft.isFestival,
    href: draft.href.trim(),
    placeholders: draft.placeholders,
    ...(headline.length > 0 ? { headline } : {}),
    ...(draft.saleKind === "prices"
      ? {
          sale: {
            kind: "prices" as const,
            prices: draft.prices.map((price) => ({
              plan_id: price.plan_id.trim(),
              currency: price.currency as (typeof CURRENCY_CODES)[number],
              amount: Number(price.amount),
            })),
          },
        }
      : draft.saleKind === "coupon"
        ? { sale: { kind: "coupon" as const, coupon: draft.coupon.trim().toUpperCase() } }
        : {}),
  };
}

/** A headline's segments in one language: text (spaces kept) and colour, added and removed. */
function SegmentsEditor({
  idPrefix,
  segments,
  locale,
  onChange,
}: {
  idPrefix: string;
  segments: Segment[];
  locale: Locale;
  onChange: (segments: Segment[]) => void;
}) {
  const t = useT("operator");
  const set = (index: number, segment: Segment) =>
    onChange(segments.map((entry, at) => (at === index ? segment : entry)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">{t("promotions.headline")}</legend>
      <p className="text-sm text-slate-700">{t("promotions.headlineHint")}</p>
      {segments.map((segment, index) => {
        const n = index + 1;
        return (
          // Segments have no identity beyond their place in the headline.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={index} className="flex flex-wrap items-end gap-2">
            <div className="flex min-w-48 flex-1 flex-col gap-1">
              <label htmlFor={`${idPrefix}-segment-${n}`} className="text-sm">
                {t("promotions.segment", { n })}
              </label>
              <input
                id={`${idPrefix}-segment-${n}`}
                value={segment.text[locale] ?? ""}
                onChange={(event) =>
                  set(index, { ...segment, text: { ...segment.text, [locale]: event.target.value } })
                }
                className={`${CONSOLE_CONTROL} whitespace-pre`}
              />
            </div>
            <ChoiceField
              id={`${idPrefix}-tone-${n}`}
              label={t("promotions.tone", { n })}
              value={segment.tone}
              onChange={(tone) => set(index, { ...segment, tone })}
              options={TONES.map((value) => ({ value, label: t(`promotions.tones.${value}`) }))}
            />
            <button
              type="button"
              onClick={() => onChange(segments.filter((_, at) => at !== index))}
              className="min-h-11 rounded-lg border border-slate-400 px-3 py-2"
            >
              {t("promotions.removeSegment", { n })}
            </button>
          </div>
        );
      })}
      <button
        type="button"
        onClick={() => onChange([...segments, { text: {}, tone: "plain" }])}
        className="min-h-11 self-start rounded-lg border border-slate-400 px-4 py-2 font-semibold"
      >
        {t("promotions.addSegment")}
      </button>
    </fieldset>
  );
}

/**
 * Promotions and popups (decision 057): the list with each window and sale, an editor with the
 * texts in every language and a live preview in the chosen one, ending a promotion, and the
 * weekend, workday and mobile popups' texts.
 */
export function PromotionsView({ texts }: { texts: Partial<Record<Locale, Catalogue>> }) {
  const t = useT("operator");
  const { locale } = useLocale();
  const api = useConsoleApi();
  const { ask, dialog } = useConfirmDialog();
  const [config, setConfig] = useState<PromotionConfig | null>(null);
  const { busy, run } = useConsoleRun();
  const [notice, setNotice] = useState<SectionNotice>(null);
  const [editNotice, setEditNotice] = useState<SectionNotice>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [textLocale, setTextLocale] = useState<Locale>(locale);
  const [popupKind, setPopupKind] = useState<PopupKind>("weekend");
  const [popupNotice, setPopupNotice] = useState<SectionNotice>(null);

  useEffect(() => {
    void run(async () => setConfig(await api.promotions()), setNotice);
  }, [api, run]);

  const now = new Date();
  const statusOf = (promotion: Promotion) =>
    isActive(promotion, now) ? "running" : Date.parse(promotion.startTime) > now.getTime() ? "upcoming" : "ended";
  const saleOf = (promotion: Promotion) =>
    promotion.sale?.kind === "prices"
      ? t("promotions.salePrices", { n: promotion.sale.prices.length })
      : promotion.sale?.kind === "coupon"
        ? t("promotions.saleCoupon", { code: promotion.sale.coupon })
        : t("promotions.saleNone");

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!draft) return;
    const promotion = promotionOf(draft);
    await run(async () => {
      setConfig(await api.savePromotion(promotion));
      setDraft(null);
      setNotice({ tone: "success", text: t("promotions.saved", { id: promotion.id }) });
    }, setEditNotice);
  }

  async function end(promotion: Promotion) {
    const yes = await ask({
      title: t("promotions.endOf", { id: promotion.id }),
      message: t("promotions.endConfirm", { id: promotion.id }),
      confirmLabel: t("promotions.end"),
    });
    if (!yes) return;
    await run(async () => {
      setConfig(await api.endPromotion(promotion.id));
      setNotice({ tone: "success", text: t("promotions.ended", { id: promotion.id }) });
    }, setNotice);
  }

  const popup = config?.popups[popupKind];
  const setPopup = (next: NonNullable<PromotionConfig["popups"][PopupKind]>) =>
    setConfig((current) => (current ? { ...current, popups: { ...current.popups, [popupKind]: next } } : current));

  async function savePopups(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!config) return;
    const popups = Object.fromEntries(
      Object.entries(config.popups)
        .filter(([, content]) => content && content.headline.length > 0)
        .map(([kind, content]) => {
          const body = Object.fromEntries(Object.entries(content?.body ?? {}).filter(([, value]) => value?.trim()));
          return [
            kind,
            {
              href: content?.href ?? "/pricing",
              headline: cleanSegments(content?.headline ?? []),
              ...(Object.keys(body).length > 0 ? { body } : {}),
            },
          ];
        }),
    ) as PromotionConfig["popups"];
    await run(async () => {
      setConfig(await api.savePopups(popups));
      setPopupNotice({ tone: "success", text: t("promotions.popupsSaved") });
    }, setPopupNotice);
  }

  const languageField = (
    <ChoiceField
      id="promotion-language"
      label={t("promotions.language")}
      value={textLocale}
      onChange={setTextLocale}
      options={LOCALES.map((entry) => ({ value: entry.code, label: entry.name }))}
    />
  );

  return (
    <div className="flex flex-col gap-6">
      <AccountCard title={t("menu.promotions")} busy={busy} notice={notice}>
        {config && config.promotions.length === 0 ? <p>{t("promotions.none")}</p> : null}
        {config && config.promotions.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-promotions-list>
              <caption className="sr-only">{t("menu.promotions")}</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  {(["id", "kind", "window", "status", "sale", "actions"] as const).map((column) => (
                    <th key={column} scope="col" className="p-2 text-start">
                      {t(`promotions.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {config.promotions.map((promotion) => (
                  <tr key={promotion.id} className="border-b border-slate-200 align-top">
                    <td className="p-2">
                      <bdi dir="ltr">{promotion.id}</bdi>
                    </td>
                    <td className="p-2">{t(`promotions.kinds.${promotion.kind}`)}</td>
                    <td className="p-2">
                      {formatDateTime(new Date(promotion.startTime), locale)} –{" "}
                      {formatDateTime(new Date(promotion.endTime), locale)}
                    </td>
                    <td className="p-2">{t(`promotions.status.${statusOf(promotion)}`)}</td>
                    <td className="p-2">{saleOf(promotion)}</td>
                    <td className="flex flex-wrap gap-2 p-2">
                      <button
                        type="button"
                        onClick={() => {
                          setEditNotice(null);
                          setDraft(draftOf(promotion));
                        }}
                        aria-label={t("promotions.editOf", { id: promotion.id })}
                        className="min-h-11 rounded-lg border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-50"
                      >
                        {t("promotions.edit")}
                      </button>
                      {statusOf(promotion) === "ended" ? null : (
                        <button
                          type="button"
                          onClick={() => void end(promotion)}
                          aria-label={t("promotions.endOf", { id: promotion.id })}
                          className="min-h-11 rounded-lg border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-50"
                        >
                          {t("promotions.end")}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {draft ? null : (
          <button
            type="button"
            onClick={() => {
              setEditNotice(null);
              setDraft(draftOf());
            }}
            className="min-h-11 self-start rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white"
          >
            {t("promotions.new")}
          </button>
        )}
      </AccountCard>

      {draft ? (
        <AccountCard
          title={draft.id ? t("promotions.editOf", { id: draft.id }) : t("promotions.new")}
          busy={busy}
          notice={editNotice}
        >
          <form onSubmit={save} className="flex flex-col gap-4" data-promotion-editor>
            <div className="grid gap-3 md:grid-cols-2">
              <div className="flex flex-col gap-1">
                <label htmlFor="promotion-id" className="text-sm font-medium">
                  {t("promotions.id")}
                </label>
                <input
                  id="promotion-id"
                  required
                  dir="ltr"
                  value={draft.id}
                  onChange={(event) => setDraft({ ...draft, id: event.target.value })}
                  className={CONSOLE_CONTROL}
                />
              </div>
              <ChoiceField
                id="promotion-kind"
                label={t("promotions.kind")}
                value={draft.kind}
                onChange={(kind) => setDraft({ ...draft, kind })}
                options={PROMOTION_KINDS.map((value) => ({ value, label: t(`promotions.kinds.${value}`) }))}
              />
              <div className="flex flex-col gap-1">
                <label htmlFor="promotion-start" className="text-sm font-medium">
                  {t("promotions.start")}
                </label>
                <input
                  id="promotion-start"
                  type="datetime-local"
                  required
                  value={draft.start}
                  onChange={(event) => setDraft({ ...draft, start: event.target.value })}
                  className={CONSOLE_CONTROL}
                />
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor="promotion-end" className="text-sm font-medium">
                  {t("promotions.endTime")}
                </label>
                <input
                  id="promotion-end"
                  type="datetime-local"
                  required
                  value={draft.end}
                  onChange={(event) => setDraft({ ...draft, end: event.target.value })}
                  className={CONSOLE_CONTROL}
                />
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor="promotion-href" className="text-sm font-medium">
                  {t("promotions.href")}
                </label>
                <input
                  id="promotion-href"
                  dir="ltr"
                  value={draft.href}
                  onChange={(event) => setDraft({ ...draft, href: event.target.value })}
                  className={CONSOLE_CONTROL}
                />
              </div>
              <label className="flex items-center gap-2 self-end py-2">
                <input
                  type="checkbox"
                  checked={draft.isFestival}
                  onChange={(event) => setDraft({ ...draft, isFestival: event.target.checked })}
                  className="h-5 w-5"
                />
                {t("promotions.festival")}
              </label>
            </div>

            {languageField}
            <SegmentsEditor
              idPrefix="promotion"
              segments={draft.headline}
              locale={textLocale}
              onChange={(headline) => setDraft({ ...draft, headline })}
            />

            <fieldset className="flex flex-col gap-2">
              <legend className="text-sm font-medium">{t("promotions.sale")}</legend>
              <ChoiceField
                id="promotion-sale"
                label={t("promotions.saleKind")}
                value={draft.saleKind}
                onChange={(saleKind) =>
                  setDraft({
                    ...draft,
                    saleKind,
                    prices:
                      saleKind === "prices" && draft.prices.length === 0
                        ? [{ plan_id: "", currency: CURRENCY_CODES[0], amount: "" }]
                        : draft.prices,
                  })
                }
                options={(["none", "prices", "coupon"] as const).map((value) => ({
                  value,
                  label: t(`promotions.saleKinds.${value}`),
                }))}
              />
              {draft.saleKind === "prices"
                ? draft.prices.map((price, index) => {
                    const n = index + 1;
                    const set = (next: Partial<Draft["prices"][number]>) =>
                      setDraft({
                        ...draft,
                        prices: draft.prices.map((entry, at) => (at === index ? { ...entry, ...next } : entry)),
                      });
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place
                      <div key={index} className="flex flex-wrap items-end gap-2">
                        <div className="flex flex-col gap-1">
                          <label htmlFor={`sale-plan-${n}`} className="text-sm">
                            {t("promotions.plan", { n })}
                          </label>
                          <input
                            id={`sale-plan-${n}`}
                            dir="ltr"
                            required
                            value={price.plan_id}
                            onChange={(event) => set({ plan_id: event.target.value })}
                            className={CONSOLE_CONTROL}
                          />
                        </div>
                        <ChoiceField
                          id={`sale-currency-${n}`}
                          label={t("promotions.currency", { n })}
                          value={price.currency}
                          onChange={(currency) => set({ currency })}
                          options={CURRENCY_CODES.map((value) => ({ value, label: value }))}
                        />
                        <div className="flex flex-col gap-1">
                          <label htmlFor={`sale-amount-${n}`} className="text-sm">
                            {t("promotions.amount", { n })}
                          </label>
                          <input
                            id={`sale-amount-${n}`}
                            type="number"
                            min={1}
                            step={1}
                            required
                            dir="ltr"
                            value={price.amount}
                            onChange={(event) => set({ amount: event.target.value })}
                            className={CONSOLE_CONTROL}
                          />
                        </div>
                        <button
                          type="button"
                          onClick={() => setDraft({ ...draft, prices: draft.prices.filter((_, at) => at !== index) })}
                          className="min-h-11 rounded-lg border border-slate-400 px-3 py-2"
                        >
                          {t("promotions.removePrice", { n })}
                        </button>
                      </div>
                    );
                  })
                : null}
              {draft.saleKind === "prices" ? (
                <button
                  type="button"
                  onClick={() =>
                    setDraft({
                      ...draft,
                      prices: [...draft.prices, { plan_id: "", currency: CURRENCY_CODES[0], amount: "" }],
                    })
                  }
                  className="min-h-11 self-start rounded-lg border border-slate-400 px-4 py-2 font-semibold"
                >
                  {t("promotions.addPrice")}
                </button>
              ) : null}
              {draft.saleKind === "coupon" ? (
                <div className="flex flex-col gap-1">
                  <label htmlFor="sale-coupon" className="text-sm">
                    {t("promotions.coupon")}
                  </label>
                  <input
                    id="sale-coupon"
                    dir="ltr"
                    required
                    value={draft.coupon}
                    onChange={(event) => setDraft({ ...draft, coupon: event.target.value })}
                    className={CONSOLE_CONTROL}
                  />
                </div>
              ) : null}
            </fieldset>

            <section aria-labelledby="promotion-preview-title" className="flex flex-col gap-2">
              <h3 id="promotion-preview-title" className="text-base font-semibold">
                {t("promotions.preview", { language: LOCALES.find((entry) => entry.code === textLocale)?.name ?? "" })}
              </h3>
              <div className="overflow-hidden rounded-xl border border-slate-300">
                <PromotionPreview promotion={promotionOf(draft)} locale={textLocale} texts={texts} />
              </div>
            </section>

            <div className="flex flex-wrap gap-3">
              <button type="submit" className="min-h-11 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white">
                {t("promotions.save")}
              </button>
              <button
                type="button"
                onClick={() => setDraft(null)}
                className="min-h-11 rounded-lg border border-slate-400 px-5 py-2.5 font-semibold"
              >
                {t("promotions.cancel")}
              </button>
            </div>
          </form>
        </AccountCard>
      ) : null}

      {/* One editor at a time: the popups' while no promotion is open. */}
      {config && !draft ? (
        <AccountCard title={t("promotions.popups")} busy={busy} notice={popupNotice}>
          <form onSubmit={savePopups} className="flex flex-col gap-4">
            <div className="flex flex-wrap gap-3">
              <ChoiceField
                id="popup-kind"
                label={t("promotions.popupKind")}
                value={popupKind}
                onChange={setPopupKind}
                options={POPUP_KINDS.map((value) => ({ value, label: t(`promotions.popupKinds.${value}`) }))}
              />
              {languageField}
            </div>
            <SegmentsEditor
              idPrefix="popup"
              segments={popup?.headline ?? []}
              locale={textLocale}
              onChange={(headline) => setPopup({ href: "/pricing", ...popup, headline })}
            />
            <div className="flex flex-col gap-1">
              <label htmlFor="popup-body" className="text-sm font-medium">
                {t("promotions.popupBody")}
              </label>
              <textarea
                id="popup-body"
                rows={3}
                value={popup?.body?.[textLocale] ?? ""}
                onChange={(event) =>
                  setPopup({
                    href: "/pricing",
                    headline: [],
                    ...popup,
                    body: { ...popup?.body, [textLocale]: event.target.value } as NonNullable<typeof popup>["body"],
                  })
                }
                className={CONSOLE_CONTROL}
              />
            </div>
            <button
              type="submit"
              className="min-h-11 self-start rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white"
            >
              {t("promotions.savePopups")}
            </button>
          </form>
          {popup ? (
            <section aria-labelledby="popup-preview-title" className="mt-4 flex flex-col gap-2">
              <h3 id="popup-preview-title" className="text-base font-semibold">
                {t("promotions.preview", { language: LOCALES.find((entry) => entry.code === textLocale)?.name ?? "" })}
              </h3>
              <PopupPreview kind={popupKind} popup={popup} locale={textLocale} texts={texts} />
            </section>
          ) : null}
        </AccountCard>
      ) : null}
      {dialog}
    </div>
  );
}
