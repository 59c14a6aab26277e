import type { PurchaseResult } from "../../../universal/billing/purchase-result";
import { formatDate, formatPrice } from "../../../universal/i18n/format";
import { planName } from "../../../universal/i18n/plan-name";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";

/** A paid order as the buyer reads it: plan, amount, next renewal and order number. */
export function OrderDetails({ order }: { order: PurchaseResult }) {
  const t = useT("paysuc");
  const { locale } = useLocale();
  const rows: Array<{ label: string; value: string; isolate?: boolean }> = [
    { label: t("plan"), value: order.months ? planName(order.months, locale) : order.plan_id },
    {
      label: t("amount"),
      value: `${formatPrice(order.amount_minor, order.currency, locale)} ${order.currency}`,
      isolate: true,
    },
  ];
  if (order.renews_at) {
    rows.push({
      label: t(order.auto_renew === false ? "endsOn" : "renewsOn"),
      value: formatDate(new Date(order.renews_at), locale),
    });
  }
  rows.push({ label: t("order"), value: order.order_id, isolate: true });
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="pt-2 text-sm text-slate-600 sm:pt-1 sm:text-base sm:text-slate-700">{row.label}</dt>
          <dd className="break-words font-semibold sm:pt-1">
            {row.isolate ? (
              <bdi dir="ltr" className={row.label === t("order") ? "font-mono text-sm sm:text-base" : undefined}>
                {row.value}
              </bdi>
            ) : (
              row.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
