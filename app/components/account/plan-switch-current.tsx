import type { ReactNode } from "react";
import { useT } from "../../i18n/translator";
import type { PlanSwitchStatus } from "./account-api";
import { WithValues } from "./with-values";

type Subscription = NonNullable<PlanSwitchStatus["subscription"]>;

/** The plan the account is on (price, devices, next renewal) and a switch scheduled for the renewal. */
export function PlanSwitchCurrent({
  subscription,
  price,
  date,
  name,
  onKeep,
}: {
  subscription: Subscription;
  price: (amountMinor: number) => ReactNode;
  date: (iso: string | null) => string;
  name: (months: number | null | undefined) => string;
  onKeep: () => void;
}) {
  const t = useT("myaccount");
  const tp = useT("pricing");
  const { scheduled } = subscription;
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{t("planSwitch.plan")}</dt>
        <dd className="font-semibold">{name(subscription.plan_months) || t("subscription.planUnknown")}</dd>
        <dt className="text-slate-600">{t("planSwitch.price")}</dt>
        <dd>{price(subscription.amount)}</dd>
        <dt className="text-slate-600">{t("planSwitch.devices")}</dt>
        <dd>{subscription.device_limit !== null ? tp("devices", { count: subscription.device_limit }) : ""}</dd>
        <dt className="text-slate-600">{t(subscription.auto_renew ? "planSwitch.renews" : "planSwitch.paidUntil")}</dt>
        <dd>
          <bdi>{date(subscription.period_end)}</bdi>
        </dd>
      </dl>
      {scheduled ? (
        <div className="flex flex-col gap-2 rounded-lg bg-brand-50 p-3 text-sm">
          <p>
            <WithValues
              text={t("planSwitch.scheduled")}
              values={{
                date: <bdi>{date(scheduled.at)}</bdi>,
                plan: <strong>{name(scheduled.plan_months)}</strong>,
                amount: scheduled.amount !== null ? price(scheduled.amount) : "",
              }}
            />
          </p>
          <button
            type="button"
            className="min-h-11 self-start rounded-lg border border-slate-400 bg-white px-4 py-2 font-semibold hover:bg-slate-50"
            onClick={onKeep}
          >
            {t("planSwitch.keepCurrent")}
          </button>
        </div>
      ) : null}
    </>
  );
}
