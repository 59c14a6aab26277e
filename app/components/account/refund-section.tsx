import { useCallback, useEffect, useState } from "react";
import { API_ERRORS } from "../../../universal/api/errors";
import { browserTimeZone, formatDate, formatPrice } from "../../../universal/i18n/format";
import { useT } from "../../i18n/translator";
import { ApiError } from "../../lib/api";
import { apiErrorKey } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { type RefundStatus, type SectionNotice, useAccountApi } from "./account-api";
import { AccountCard } from "./account-card";
import { useConfirmDialog } from "./confirm-dialog";
import { WithValues } from "./with-values";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why a purchase cannot be refunded here, as the sentence the card shows (all but "refunded" go to support). */
const REFUSAL_KEYS = {
  refunded: "refund.alreadyRefunded",
  window_over: "refund.windowOver",
  not_first_purchase: "refund.notFirst",
  second_refund: "refund.secondRefund",
  crypto: "refund.crypto",
} as const;

/**
 * The money-back guarantee (decision 035): a first purchase within the operator's window is
 * refunded in full from here; anything else points to support. Shown only while the operator
 * offers it and the account has paid for something. `onRefunded` lets the page reload what a
 * refund changed (VIP, subscription, devices).
 */
export function RefundSection({ onRefunded }: { onRefunded: () => void }) {
  const t = useT("myaccount");
  const tf = useT("forms");
  const { locale, to } = useLocale();
  const api = useAccountApi();
  const { ask, dialog } = useConfirmDialog();
  const [status, setStatus] = useState<RefundStatus>();
  const [busy, setBusy] = useState(true);
  const [notice, setNotice] = useState<SectionNotice>(null);

  const load = useCallback(async () => setStatus(await api.refundStatus()), [api]);
  useEffect(() => {
    load()
      .catch((error) => setNotice({ tone: "error", text: tf(apiErrorKey(error)) }))
      .finally(() => setBusy(false));
  }, [load, tf]);

  const purchase = status?.purchase;
  if (!status || !purchase || status.reason === "off" || status.reason === "no_purchase") {
    // Nothing to offer: the card is left out (an error loading it still shows, in its live region).
    return notice ? (
      <AccountCard title={t("refund.title")} notice={notice}>
        {null}
      </AccountCard>
    ) : null;
  }
  const date = (value: Date | null) => (value ? formatDate(value, locale, browserTimeZone()) : "");
  const amount = `${formatPrice(purchase.amount, purchase.currency, locale)} ${purchase.currency}`;
  const paidAt = purchase.paid_at ? new Date(purchase.paid_at) : null;
  const until =
    status.refundable_until !== null
      ? new Date(status.refundable_until)
      : paidAt && status.window_days
        ? new Date(paidAt.getTime() + status.window_days * DAY_MS)
        : null;
  const values = {
    amount: <bdi dir="ltr">{amount}</bdi>,
    paidOn: <bdi>{date(paidAt)}</bdi>,
    until: <bdi>{date(until)}</bdi>,
  };

  async function refund(orderId: string) {
    const confirmed = await ask({
      title: t("refund.confirmTitle"),
      message: <WithValues text={t("refund.confirm")} values={values} />,
      confirmLabel: t("refund.confirmButton"),
    });
    if (!confirmed) return;
    setBusy(true);
    setNotice(null);
    try {
      const { outcome } = await api.refund(orderId);
      await load();
      setNotice({
        tone: "success",
        text: t(outcome === "refunded" ? "refund.refunded" : "refund.pending", { amount }),
      });
      if (outcome === "refunded") onRefunded();
    } catch (error) {
      const code = error instanceof ApiError ? error.envelope.code : 0;
      if (code === API_ERRORS.refundNotEligible.code) await load().catch(() => undefined);
      const failed = code === API_ERRORS.processorRefused.code || code === API_ERRORS.processorUnavailable.code;
      setNotice({ tone: "error", text: failed ? t("refund.failed") : tf(apiErrorKey(error)) });
    } finally {
      setBusy(false);
    }
  }

  const refusal = status.reason ? REFUSAL_KEYS[status.reason] : null;
  return (
    <AccountCard title={t("refund.title")} busy={busy} notice={notice}>
      {status.eligible ? (
        <>
          <p className="text-sm">
            <WithValues text={t("refund.eligible")} values={values} />
          </p>
          <button
            type="button"
            className="min-h-11 self-start rounded-lg border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-50"
            onClick={() => refund(purchase.order_id)}
          >
            {t("refund.button")}
          </button>
        </>
      ) : refusal ? (
        <p className="text-sm">
          <WithValues text={t(refusal)} values={values} />
          {status.reason !== "refunded" ? (
            <>
              {" "}
              <a href={to("/contact-us")} className="font-semibold text-brand-700 underline">
                {t("refund.contact")}
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {dialog}
    </AccountCard>
  );
}
