import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { PaymentRecord } from "../../../universal/billing/payment-record";
import { browserTimeZone, formatDate, formatPrice } from "../../../universal/i18n/format";
import { planName } from "../../../universal/i18n/plan-name";
import { receiptPath } from "../../../universal/routing/receipt-path";
import { useT } from "../../i18n/translator";
import { providerNameKey } from "../../lib/payment-names";
import { apiErrorKey } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { type SectionNotice, useAccountApi } from "./account-api";
import { AccountCard } from "./account-card";

const PROCESSORS: Record<string, string> = { stripe: "Stripe", paddle: "Paddle", paypal: "PayPal", sandbox: "Sandbox" };

const STATUS_STYLE: Record<PaymentRecord["status"], string> = {
  paid: "bg-green-100 text-green-900",
  refunded: "bg-amber-100 text-amber-900",
  declined: "bg-slate-200 text-slate-800",
};

/** Every payment of the account, newest first, each with its receipt. */
export function PaymentsSection() {
  const t = useT("myaccount");
  const tf = useT("forms");
  const api = useAccountApi();
  const [payments, setPayments] = useState<PaymentRecord[]>();
  const [notice, setNotice] = useState<SectionNotice>(null);

  useEffect(() => {
    api
      .payments()
      .then(setPayments)
      .catch((error) => setNotice({ tone: "error", text: tf(apiErrorKey(error)) }));
  }, [api, tf]);

  return (
    <AccountCard title={t("payments.title")} busy={!payments && !notice} notice={notice}>
      {payments?.length === 0 ? <p className="text-sm">{t("payments.none")}</p> : null}
      {payments?.length ? (
        <ul className="flex flex-col divide-y divide-slate-200 text-sm" aria-label={t("payments.title")}>
          {payments.map((payment) => (
            <PaymentItem key={payment.order_id} payment={payment} />
          ))}
        </ul>
      ) : null}
    </AccountCard>
  );
}

function PaymentItem({ payment }: { payment: PaymentRecord }) {
  const t = useT("myaccount");
  const { locale, to } = useLocale();
  const date = (iso: string) => formatDate(new Date(iso), locale, browserTimeZone());
  const money = (minor: number) => `${formatPrice(minor, payment.currency, locale)} ${payment.currency}`;
  const processor = PROCESSORS[payment.processor] ?? payment.processor;
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0" data-order={payment.order_id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="font-semibold">
          <bdi>{date(payment.paid_at)}</bdi>
        </span>
        <span className="font-semibold">
          <bdi dir="ltr">{money(payment.amount_minor)}</bdi>
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-slate-600">{t("payments.plan")}</dt>
        <dd>{payment.plan_months ? planName(payment.plan_months, locale) : payment.plan_id}</dd>
        <dt className="text-slate-600">{t("payments.method")}</dt>
        <dd>
          {t(providerNameKey(payment.provider))}{" "}
          <span className="text-slate-600">{t("payments.via", { processor })}</span>
        </dd>
        <dt className="text-slate-600">{t("payments.status")}</dt>
        <dd>
          <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[payment.status]}`}>
            {t(`payments.statuses.${payment.status}`)}
          </span>
          {payment.refund ? (
            <span className="ms-2">
              {t("payments.refund", { amount: money(payment.refund.amount_minor), date: date(payment.refund.at) })}
            </span>
          ) : null}
        </dd>
      </dl>
      {payment.has_receipt ? (
        <Link
          to={to(receiptPath(payment.order_id))}
          className="self-start rounded font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600"
        >
          {t("payments.receipt")}
          {/* Which payment, for a screen reader's list of links; the visible name comes first. */}
          <span className="sr-only">
            {" "}
            (<bdi>{date(payment.paid_at)}</bdi>)
          </span>
        </Link>
      ) : null}
    </li>
  );
}
