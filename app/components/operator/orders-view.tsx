import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { formatDateTime, formatPrice } from "../../../universal/i18n/format";
import { useT } from "../../i18n/translator";
import { apiErrorKey } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import type { SectionNotice } from "../account/account-api";
import { AccountCard } from "../account/account-card";
import { useConfirmDialog } from "../account/confirm-dialog";
import { type FoundOrder, type StaffSelf, useConsoleApi } from "./console-api";
import { CustomerView } from "./customer-view";
import { orderStatusLabel } from "./status-label";

/**
 * Orders by the buyer's address, the order id or the processor's reference (decision 051); a
 * buyer's address opens the customer (`&customer=<account id>`, decision 058) under the results.
 */
export function OrdersView({ self }: { self: StaffSelf }) {
  const t = useT("operator");
  const tf = useT("forms");
  const { locale } = useLocale();
  const api = useConsoleApi();
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<FoundOrder[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<SectionNotice>(null);
  const { ask, dialog } = useConfirmDialog();
  const mayRefund = self.rights.includes("orders.refund");
  const [params] = useSearchParams();
  const customer = Number(params.get("customer"));

  async function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!query.trim()) return;
    setBusy(true);
    setNotice(null);
    try {
      const orders = await api.orders(query.trim());
      setFound(orders);
      setNotice({
        tone: "success",
        text: orders.length === 0 ? t("orders.none") : t("orders.count", { count: orders.length }),
      });
    } catch (error) {
      setNotice({ tone: "error", text: tf(apiErrorKey(error)) });
    } finally {
      setBusy(false);
    }
  }

  async function refund(order: FoundOrder) {
    const yes = await ask({
      title: t("orders.refund"),
      message: t("orders.refundConfirm", { order: order.order_id }),
      confirmLabel: t("orders.refund"),
    });
    if (!yes) return;
    setBusy(true);
    setNotice(null);
    try {
      await api.refund(order.order_id);
      setFound(await api.orders(query.trim()));
      setNotice({ tone: "success", text: t("orders.refunded", { order: order.order_id }) });
    } catch (error) {
      setNotice({ tone: "error", text: tf(apiErrorKey(error)) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <AccountCard title={t("menu.orders")} busy={busy} notice={notice}>
        <search>
          <form onSubmit={search} className="flex flex-wrap items-end gap-3">
            <div className="flex min-w-64 flex-1 flex-col gap-1">
              <label htmlFor="order-search" className="text-sm font-medium">
                {t("orders.search")}
              </label>
              <input
                id="order-search"
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                dir="ltr"
                className="rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base"
              />
            </div>
            <button type="submit" className="min-h-11 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white">
              {t("orders.submit")}
            </button>
          </form>
        </search>
        {found && found.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="w-full text-start text-sm">
              <caption className="sr-only">{t("orders.caption")}</caption>
              <thead>
                <tr className="border-b border-slate-300 text-start">
                  <th scope="col" className="p-2 text-start">
                    {t("orders.columns.order")}
                  </th>
                  <th scope="col" className="p-2 text-start">
                    {t("orders.columns.email")}
                  </th>
                  <th scope="col" className="p-2 text-start">
                    {t("orders.columns.plan")}
                  </th>
                  <th scope="col" className="p-2 text-start">
                    {t("orders.columns.status")}
                  </th>
                  <th scope="col" className="p-2 text-start">
                    {t("orders.columns.amount")}
                  </th>
                  <th scope="col" className="p-2 text-start">
                    {t("orders.columns.date")}
                  </th>
                  {mayRefund ? (
                    <th scope="col" className="p-2 text-start">
                      {t("staff.actions")}
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {found.map((order) => (
                  <tr key={order.order_id} className="border-b border-slate-200">
                    <td className="p-2">
                      <bdi dir="ltr">{order.order_id}</bdi>
                      {order.reference ? (
                        <span className="block text-xs text-slate-600">
                          <bdi dir="ltr">{order.reference}</bdi>
                        </span>
                      ) : null}
                    </td>
                    <td className="p-2">
                      {order.user_id === null ? (
                        <bdi dir="ltr">{order.email ?? "—"}</bdi>
                      ) : (
                        <Link
                          to={{ search: `?view=orders&customer=${order.user_id}` }}
                          aria-label={t("customers.open", { who: order.email ?? String(order.user_id) })}
                          className="font-medium text-brand-700 underline"
                        >
                          <bdi dir="ltr">{order.email ?? String(order.user_id)}</bdi>
                        </Link>
                      )}
                    </td>
                    <td className="p-2">
                      <bdi dir="ltr">{order.plan_id}</bdi>
                    </td>
                    <td className="p-2" data-status={order.status}>
                      {orderStatusLabel(t, order.status)}
                    </td>
                    <td className="p-2">{formatPrice(order.amount, order.currency, locale)}</td>
                    <td className="p-2">{formatDateTime(new Date(order.created_at), locale)}</td>
                    {mayRefund ? (
                      <td className="p-2">
                        {order.status === "active" ? (
                          <button
                            type="button"
                            onClick={() => void refund(order)}
                            aria-label={t("orders.refundOf", { order: order.order_id })}
                            className="min-h-11 rounded-lg border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-50"
                          >
                            {t("orders.refund")}
                          </button>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {dialog}
      </AccountCard>
      {Number.isSafeInteger(customer) && customer > 0 ? (
        <CustomerView key={customer} self={self} userId={customer} />
      ) : null}
    </div>
  );
}
