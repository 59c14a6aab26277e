import { type ReactNode, useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { formatDate, formatDateTime, formatPrice } from "../../../universal/i18n/format";
import { canCancelRenewal, sessionClient } from "../../../universal/staff/customer-rules";
import { useT } from "../../i18n/translator";
import { apiErrorKey } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import type { SectionNotice } from "../account/account-api";
import { AccountCard } from "../account/account-card";
import { useConfirmDialog } from "../account/confirm-dialog";
import { type CustomerDetail, type StaffSelf, useConsoleApi } from "./console-api";
import { orderStatusLabel, subscriptionStatusLabel } from "./status-label";
import { TableHead } from "./table-head";

const buttonClass = "min-h-11 rounded-lg border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-50";
const cellClass = "p-2 text-start";

/**
 * One customer in the console (decision 058): the account, its subscriptions, payments, devices
 * and live sessions. Staff with customers.manage cancel a renewal, end sessions, remove a device,
 * disable or enable the account; each through the API's audited actions.
 */
export function CustomerView({ self, userId }: { self: StaffSelf; userId: number }) {
  const t = useT("operator");
  const tf = useT("forms");
  const { locale } = useLocale();
  const api = useConsoleApi();
  const { ask, dialog } = useConfirmDialog();
  const [detail, setDetail] = useState<CustomerDetail | null>(null);
  const [busy, setBusy] = useState(true);
  const [notice, setNotice] = useState<SectionNotice>(null);
  const mayManage = self.rights.includes("customers.manage");
  const mayRefund = self.rights.includes("orders.refund");

  const load = useCallback(async () => setDetail(await api.customer(userId)), [api, userId]);
  useEffect(() => {
    let live = true;
    setBusy(true);
    api
      .customer(userId)
      .then((found) => live && setDetail(found))
      .catch((error) => live && setNotice({ tone: "error", text: tf(apiErrorKey(error)) }))
      .finally(() => live && setBusy(false));
    return () => {
      live = false;
    };
  }, [api, userId, tf]);

  /** Asks first, then acts, reloads the customer and says what happened. */
  async function act(confirm: { title: string; message: string }, action: () => Promise<string>) {
    if (!(await ask({ ...confirm, confirmLabel: confirm.title }))) return;
    setBusy(true);
    setNotice(null);
    try {
      const text = await action();
      await load();
      setNotice({ tone: "success", text });
    } catch (error) {
      setNotice({ tone: "error", text: tf(apiErrorKey(error)) });
    } finally {
      setBusy(false);
    }
  }

  const account = detail?.account;
  const who = account?.email ?? String(userId);
  const date = (iso: string | null) => (iso ? formatDate(new Date(iso), locale) : "—");
  const dateTime = (iso: string) => formatDateTime(new Date(iso), locale);

  return (
    <div data-customer-view>
      <AccountCard title={t("customers.title", { who })} busy={busy} notice={notice}>
        <p>
          <Link to={{ search: "?view=orders" }} className="font-semibold text-brand-700 underline">
            {t("customers.back")}
          </Link>
        </p>
        {account ? (
          <>
            <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]" data-customer-account>
              <dt className="font-medium">{t("customers.id")}</dt>
              <dd>
                <bdi dir="ltr">{account.user_id}</bdi>
              </dd>
              <dt className="font-medium">{t("customers.since")}</dt>
              <dd>{date(account.created_at)}</dd>
              <dt className="font-medium">{t("customers.language")}</dt>
              <dd>
                <bdi dir="ltr">{account.locale}</bdi>
              </dd>
              <dt className="font-medium">{t("customers.state")}</dt>
              <dd data-account-state={account.disabled_at ? "disabled" : "active"}>
                {account.disabled_at
                  ? t("customers.disabled", { date: dateTime(account.disabled_at) })
                  : t("customers.active")}
              </dd>
            </dl>
            {mayManage && account.is_staff ? <p className="text-sm">{t("customers.staffNote")}</p> : null}
            {mayManage && !account.is_staff ? (
              <div>
                {account.disabled_at ? (
                  <button
                    type="button"
                    className={buttonClass}
                    onClick={() =>
                      void act(
                        { title: t("customers.enable"), message: t("customers.enableConfirm", { who }) },
                        async () => {
                          await api.enableAccount(userId);
                          return t("customers.enabledDone");
                        },
                      )
                    }
                  >
                    {t("customers.enable")}
                  </button>
                ) : (
                  <button
                    type="button"
                    className={`${buttonClass} border-red-700 text-red-800`}
                    onClick={() =>
                      void act(
                        { title: t("customers.disable"), message: t("customers.disableConfirm", { who }) },
                        async () => {
                          await api.disableAccount(userId);
                          return t("customers.disabledDone");
                        },
                      )
                    }
                  >
                    {t("customers.disable")}
                  </button>
                )}
              </div>
            ) : null}

            <Part title={t("customers.subscriptions")} empty={t("customers.none")} count={detail.subscriptions.length}>
              <Head
                columns={[t("orders.columns.plan"), t("orders.columns.status"), t("customers.renewal")]}
                actions={mayManage}
              />
              <tbody>
                {detail.subscriptions.map((subscription) => (
                  <tr key={subscription.id} className="border-b border-slate-200">
                    <td className={cellClass}>
                      <bdi dir="ltr">{subscription.plan_id}</bdi>
                    </td>
                    <td className={cellClass} data-status={subscription.status}>
                      {subscriptionStatusLabel(t, subscription.status)}
                    </td>
                    <td className={cellClass}>
                      {subscription.auto_renew && subscription.status !== "expired"
                        ? t("customers.renewsOn", { date: date(subscription.period_end) })
                        : t("customers.endsOn", { date: date(subscription.period_end) })}
                    </td>
                    {mayManage ? (
                      <td className={cellClass}>
                        {canCancelRenewal(subscription) ? (
                          <button
                            type="button"
                            className={buttonClass}
                            aria-label={t("customers.cancelOf", { plan: subscription.plan_id })}
                            onClick={() =>
                              void act(
                                {
                                  title: t("customers.cancel"),
                                  message: t("customers.cancelConfirm", { date: date(subscription.period_end) }),
                                },
                                async () => {
                                  const done = await api.cancelRenewal(userId, subscription.id);
                                  return t("customers.canceled", { date: date(done.period_end) });
                                },
                              )
                            }
                          >
                            {t("customers.cancel")}
                          </button>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </Part>

            <Part title={t("customers.payments")} empty={t("customers.none")} count={detail.payments.length}>
              <Head
                columns={[
                  t("orders.columns.order"),
                  t("orders.columns.status"),
                  t("orders.columns.amount"),
                  t("orders.columns.date"),
                ]}
                actions={mayRefund}
              />
              <tbody>
                {detail.payments.map((order) => (
                  <tr key={order.order_id} className="border-b border-slate-200">
                    <td className={cellClass}>
                      <bdi dir="ltr">{order.order_id}</bdi>
                    </td>
                    <td className={cellClass} data-status={order.status}>
                      {orderStatusLabel(t, order.status)}
                    </td>
                    <td className={cellClass}>{formatPrice(order.amount, order.currency, locale)}</td>
                    <td className={cellClass}>{dateTime(order.created_at)}</td>
                    {mayRefund ? (
                      <td className={cellClass}>
                        {order.status === "active" ? (
                          <button
                            type="button"
                            className={buttonClass}
                            aria-label={t("orders.refundOf", { order: order.order_id })}
                            onClick={() =>
                              void act(
                                {
                                  title: t("orders.refund"),
                                  message: t("orders.refundConfirm", { order: order.order_id }),
                                },
                                async () => {
                                  await api.refund(order.order_id);
                                  return t("orders.refunded", { order: order.order_id });
                                },
                              )
                            }
                          >
                            {t("orders.refund")}
                          </button>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </Part>

            <Part title={t("customers.devices")} empty={t("customers.none")} count={detail.devices.length}>
              <Head
                columns={[t("customers.device"), t("customers.app"), t("customers.lastSeen")]}
                actions={mayManage}
              />
              <tbody>
                {detail.devices.map((device) => {
                  const name = device.device_name ?? device.device_id;
                  return (
                    <tr key={`${device.app_type}:${device.device_id}`} className="border-b border-slate-200">
                      <td className={cellClass}>
                        <bdi>{name}</bdi>
                      </td>
                      <td className={cellClass}>
                        <bdi dir="ltr">
                          {device.app_name} · {device.platform}
                        </bdi>
                      </td>
                      <td className={cellClass}>{dateTime(device.last_seen)}</td>
                      {mayManage ? (
                        <td className={cellClass}>
                          <button
                            type="button"
                            className={buttonClass}
                            aria-label={t("customers.removeDeviceOf", { name })}
                            onClick={() =>
                              void act(
                                {
                                  title: t("customers.removeDevice"),
                                  message: t("customers.removeDeviceConfirm", { name }),
                                },
                                async () => {
                                  await api.removeDevice(userId, device.app_type, device.device_id);
                                  return t("customers.deviceRemoved");
                                },
                              )
                            }
                          >
                            {t("customers.removeDevice")}
                          </button>
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </Part>

            <Part title={t("customers.sessions")} empty={t("customers.none")} count={detail.sessions.length}>
              <Head
                columns={[t("customers.client"), t("customers.started"), t("customers.lastSeen")]}
                actions={mayManage}
              />
              <tbody>
                {detail.sessions.map((session) => {
                  const client = sessionClient(session);
                  return (
                    <tr key={session.id} className="border-b border-slate-200">
                      <td className={cellClass}>
                        <bdi dir="ltr">{client}</bdi>
                      </td>
                      <td className={cellClass}>{dateTime(session.created_at)}</td>
                      <td className={cellClass}>{dateTime(session.last_seen_at)}</td>
                      {mayManage ? (
                        <td className={cellClass}>
                          <button
                            type="button"
                            className={buttonClass}
                            aria-label={t("customers.endSessionOf", { client })}
                            onClick={() =>
                              void act(
                                {
                                  title: t("customers.endSession"),
                                  message: t("customers.endSessionConfirm", { client }),
                                },
                                async () => {
                                  await api.endSessions(userId, session.id);
                                  return t("customers.sessionsEnded");
                                },
                              )
                            }
                          >
                            {t("customers.endSession")}
                          </button>
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </Part>
            {mayManage && detail.sessions.length > 1 ? (
              <div>
                <button
                  type="button"
                  className={buttonClass}
                  onClick={() =>
                    void act(
                      { title: t("customers.endAll"), message: t("customers.endAllConfirm", { who }) },
                      async () => {
                        await api.endSessions(userId);
                        return t("customers.sessionsEnded");
                      },
                    )
                  }
                >
                  {t("customers.endAll")}
                </button>
              </div>
            ) : null}
          </>
        ) : null}
        {dialog}
      </AccountCard>
    </div>
  );
}

/** A titled table of the customer's records, or a line saying there are none. */
function Part({ title, empty, count, children }: { title: string; empty: string; count: number; children: ReactNode }) {
  return (
    <section className="mt-2">
      <h3 className="font-semibold">{title}</h3>
      {count === 0 ? (
        <p className="text-sm text-slate-700">{empty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-start text-sm">
            <caption className="sr-only">{title}</caption>
            {children}
          </table>
        </div>
      )}
    </section>
  );
}

function Head({ columns, actions }: { columns: string[]; actions: boolean }) {
  const t = useT("operator");
  return <TableHead columns={actions ? [...columns, t("staff.actions")] : columns} />;
}
