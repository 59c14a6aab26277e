import { type FormEvent, useEffect, useState } from "react";
import { CURRENCY_CODES } from "../../../universal/billing/currencies";
import { formatDate, formatDateTime, formatPrice } from "../../../universal/i18n/format";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import type { SectionNotice } from "../account/account-api";
import { AccountCard } from "../account/account-card";
import { useConfirmDialog } from "../account/confirm-dialog";
import { ChoiceField, CONSOLE_CONTROL } from "./choice-field";
import { type ConsoleCoupon, type CouponRedemption, useConsoleApi } from "./console-api";
import { orderStatusLabel } from "./status-label";
import { useConsoleRun } from "./use-console-run";

type DiscountKind = "percent" | "amount";

const emptyForm = {
  code: "",
  kind: "percent" as DiscountKind,
  value: "",
  currency: CURRENCY_CODES[0] as string,
  plans: "",
  starts: "",
  ends: "",
  max: "",
  first: false,
};

/**
 * Coupons (decision 057 over decision 034's functions): each with its terms and redemption
 * count, its redemptions (what was sold, not to whom), a form to publish one, and disabling.
 */
export function CouponsView() {
  const t = useT("operator");
  const { locale } = useLocale();
  const api = useConsoleApi();
  const { ask, dialog } = useConfirmDialog();
  const [coupons, setCoupons] = useState<ConsoleCoupon[] | null>(null);
  const { busy, run } = useConsoleRun();
  const [notice, setNotice] = useState<SectionNotice>(null);
  const [formNotice, setFormNotice] = useState<SectionNotice>(null);
  const [shown, setShown] = useState<{ code: string; redemptions: CouponRedemption[] } | null>(null);
  const [form, setForm] = useState(emptyForm);

  useEffect(() => {
    void run(async () => setCoupons(await api.coupons()), setNotice);
  }, [api, run]);

  const now = Date.now();
  const live = (coupon: ConsoleCoupon) => !coupon.ends_at || Date.parse(coupon.ends_at) > now;
  const discountOf = (coupon: ConsoleCoupon) =>
    coupon.percent_off !== null
      ? t("coupons.percentOff", { percent: coupon.percent_off })
      : t("coupons.amountOff", { amount: formatPrice(coupon.amount_off ?? 0, coupon.currency ?? "USD", locale) });
  const windowOf = (coupon: ConsoleCoupon) =>
    `${coupon.starts_at ? formatDate(new Date(coupon.starts_at), locale) : "…"} – ${
      coupon.ends_at ? formatDate(new Date(coupon.ends_at), locale) : "…"
    }`;

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = Number(form.value);
    const body = {
      code: form.code.trim().toUpperCase(),
      percent_off: form.kind === "percent" ? value : null,
      amount_off: form.kind === "amount" ? value : null,
      currency: form.kind === "amount" ? form.currency : null,
      plan_ids: form.plans.trim() ? form.plans.split(",").map((id) => id.trim()) : null,
      starts_at: form.starts ? new Date(form.starts).toISOString() : null,
      ends_at: form.ends ? new Date(form.ends).toISOString() : null,
      max_redemptions: form.max ? Number(form.max) : null,
      first_purchase_only: form.first,
    };
    await run(async () => {
      await api.createCoupon(body);
      setCoupons(await api.coupons());
      setForm(emptyForm);
      setFormNotice({ tone: "success", text: t("coupons.created", { code: body.code }) });
    }, setFormNotice);
  }

  async function disable(coupon: ConsoleCoupon) {
    const yes = await ask({
      title: t("coupons.endOf", { code: coupon.code }),
      message: t("coupons.endConfirm", { code: coupon.code }),
      confirmLabel: t("coupons.end"),
    });
    if (!yes) return;
    await run(async () => {
      await api.endCoupon(coupon.code);
      setCoupons(await api.coupons());
      setNotice({ tone: "success", text: t("coupons.ended", { code: coupon.code }) });
    }, setNotice);
  }

  const field = (id: string, label: string, input: React.ReactNode) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {input}
    </div>
  );

  return (
    <div className="flex flex-col gap-6">
      <AccountCard title={t("menu.coupons")} busy={busy} notice={notice}>
        {coupons && coupons.length === 0 ? <p>{t("coupons.none")}</p> : null}
        {coupons && coupons.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-coupons-list>
              <caption className="sr-only">{t("menu.coupons")}</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  {(["code", "discount", "window", "redemptions", "actions"] as const).map((column) => (
                    <th key={column} scope="col" className="p-2 text-start">
                      {t(`coupons.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {coupons.map((coupon) => (
                  <tr key={coupon.code} className="border-b border-slate-200 align-top">
                    <td className="p-2">
                      <bdi dir="ltr">{coupon.code}</bdi>
                    </td>
                    <td className="p-2">{discountOf(coupon)}</td>
                    <td className="p-2">{windowOf(coupon)}</td>
                    <td className="p-2">
                      {coupon.max_redemptions === null
                        ? coupon.redemptions
                        : t("coupons.limit", { used: coupon.redemptions, max: coupon.max_redemptions })}
                    </td>
                    <td className="flex flex-wrap gap-2 p-2">
                      <button
                        type="button"
                        aria-label={t("coupons.showOf", { code: coupon.code })}
                        onClick={() =>
                          void run(
                            async () =>
                              setShown({ code: coupon.code, redemptions: await api.redemptions(coupon.code) }),
                            setNotice,
                          )
                        }
                        className="min-h-11 rounded-lg border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-50"
                      >
                        {t("coupons.show")}
                      </button>
                      {live(coupon) ? (
                        <button
                          type="button"
                          aria-label={t("coupons.endOf", { code: coupon.code })}
                          onClick={() => void disable(coupon)}
                          className="min-h-11 rounded-lg border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-50"
                        >
                          {t("coupons.end")}
                        </button>
                      ) : (
                        <span className="py-2">{t("coupons.disabled")}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </AccountCard>

      {shown ? (
        <AccountCard title={t("coupons.redemptionsOf", { code: shown.code })} busy={busy} notice={null}>
          {shown.redemptions.length === 0 ? (
            <p>{t("coupons.noRedemptions")}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm" data-coupon-redemptions>
                <caption className="sr-only">{t("coupons.redemptionsOf", { code: shown.code })}</caption>
                <thead>
                  <tr className="border-b border-slate-300">
                    {(["date", "plan", "paid", "status"] as const).map((column) => (
                      <th key={column} scope="col" className="p-2 text-start">
                        {t(`coupons.redemptionColumns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {shown.redemptions.map((redemption, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: redemptions carry no id the console may show
                    <tr key={index} className="border-b border-slate-200">
                      <td className="p-2">{formatDateTime(new Date(redemption.redeemed_at), locale)}</td>
                      <td className="p-2">
                        <bdi dir="ltr">{redemption.plan_id}</bdi>
                      </td>
                      <td className="p-2">{formatPrice(redemption.amount, redemption.currency, locale)}</td>
                      <td className="p-2" data-status={redemption.status}>
                        {orderStatusLabel(t, redemption.status)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </AccountCard>
      ) : null}

      <AccountCard title={t("coupons.createTitle")} busy={busy} notice={formNotice}>
        <form onSubmit={create} className="grid gap-3 md:grid-cols-2" data-coupon-form>
          {field(
            "coupon-code",
            t("coupons.code"),
            <input
              id="coupon-code"
              required
              dir="ltr"
              value={form.code}
              onChange={(event) => setForm({ ...form, code: event.target.value })}
              className={CONSOLE_CONTROL}
            />,
          )}
          <ChoiceField
            id="coupon-kind"
            label={t("coupons.kind")}
            value={form.kind}
            onChange={(kind) => setForm({ ...form, kind })}
            options={[
              { value: "percent", label: t("coupons.kinds.percent") },
              { value: "amount", label: t("coupons.kinds.amount") },
            ]}
          />
          {field(
            "coupon-value",
            form.kind === "percent" ? t("coupons.percent") : t("coupons.amount"),
            <input
              id="coupon-value"
              type="number"
              required
              min={1}
              step={1}
              dir="ltr"
              value={form.value}
              onChange={(event) => setForm({ ...form, value: event.target.value })}
              className={CONSOLE_CONTROL}
            />,
          )}
          {form.kind === "amount" ? (
            <ChoiceField
              id="coupon-currency"
              label={t("coupons.currency")}
              value={form.currency}
              onChange={(currency) => setForm({ ...form, currency })}
              options={CURRENCY_CODES.map((value) => ({ value, label: value }))}
            />
          ) : null}
          {field(
            "coupon-plans",
            t("coupons.plans"),
            <input
              id="coupon-plans"
              dir="ltr"
              value={form.plans}
              onChange={(event) => setForm({ ...form, plans: event.target.value })}
              className={CONSOLE_CONTROL}
            />,
          )}
          {field(
            "coupon-max",
            t("coupons.max"),
            <input
              id="coupon-max"
              type="number"
              min={1}
              step={1}
              dir="ltr"
              value={form.max}
              onChange={(event) => setForm({ ...form, max: event.target.value })}
              className={CONSOLE_CONTROL}
            />,
          )}
          {field(
            "coupon-starts",
            t("coupons.starts"),
            <input
              id="coupon-starts"
              type="datetime-local"
              value={form.starts}
              onChange={(event) => setForm({ ...form, starts: event.target.value })}
              className={CONSOLE_CONTROL}
            />,
          )}
          {field(
            "coupon-ends",
            t("coupons.ends"),
            <input
              id="coupon-ends"
              type="datetime-local"
              value={form.ends}
              onChange={(event) => setForm({ ...form, ends: event.target.value })}
              className={CONSOLE_CONTROL}
            />,
          )}
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={form.first}
              onChange={(event) => setForm({ ...form, first: event.target.checked })}
              className="h-5 w-5"
            />
            {t("coupons.first")}
          </label>
          <button
            type="submit"
            className="min-h-11 self-end justify-self-start rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white"
          >
            {t("coupons.submit")}
          </button>
        </form>
      </AccountCard>
      {dialog}
    </div>
  );
}
