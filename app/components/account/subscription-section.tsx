import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { API_ERRORS } from "../../../universal/api/errors";
import { browserTimeZone, formatDate } from "../../../universal/i18n/format";
import { planName } from "../../../universal/i18n/plan-name";
import { useT } from "../../i18n/translator";
import { ApiError } from "../../lib/api";
import { providerNameKey } from "../../lib/payment-names";
import { apiErrorKey } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import { type SectionNotice, type Subscription, useAccountApi } from "./account-api";
import { AccountCard } from "./account-card";
import { useConfirmDialog } from "./confirm-dialog";
import { WithValues } from "./with-values";

const LIVE = new Set(["active", "past_due", "canceled"]);

/** The user's subscriptions: plan, how they pay, status, renewal date; renewal off and back on. */
export function SubscriptionSection() {
  const t = useT("myaccount");
  const tf = useT("forms");
  const { locale, to } = useLocale();
  const api = useAccountApi();
  const { ask, dialog } = useConfirmDialog();
  const [subscriptions, setSubscriptions] = useState<Subscription[]>();
  const [busy, setBusy] = useState(true);
  const [notice, setNotice] = useState<SectionNotice>(null);

  const failure = useCallback(
    (error: unknown): SectionNotice => {
      const code = error instanceof ApiError ? error.envelope.code : 0;
      if (code === API_ERRORS.renewalNotResumable.code)
        return { tone: "error", text: t("subscription.resumeUnavailable") };
      if (code === API_ERRORS.processorRefused.code) return { tone: "error", text: t("subscription.providerRefused") };
      return { tone: "error", text: tf(apiErrorKey(error)) };
    },
    [t, tf],
  );

  const load = useCallback(async () => {
    setSubscriptions(await api.subscriptions());
  }, [api]);

  useEffect(() => {
    load()
      .catch((error) => setNotice(failure(error)))
      .finally(() => setBusy(false));
  }, [load, failure]);

  const date = (iso: string | null) => (iso ? formatDate(new Date(iso), locale, browserTimeZone()) : "");

  async function changeRenewal(sub: Subscription, on: boolean) {
    const end = <bdi>{date(sub.expires_at)}</bdi>;
    const confirmed = await ask({
      title: on ? t("subscription.confirmResumeTitle") : t("subscription.confirmCancelTitle"),
      message: (
        <WithValues
          text={on ? t("subscription.confirmResume") : t("subscription.confirmCancel")}
          values={{ date: end }}
        />
      ),
      confirmLabel: on ? t("subscription.confirmResumeButton") : t("subscription.confirmCancelButton"),
    });
    if (!confirmed) return;
    setBusy(true);
    setNotice(null);
    try {
      await api.setRenewal(sub, on);
      await load();
      setNotice({
        tone: "success",
        text: t(on ? "subscription.resumed" : "subscription.canceled", { date: date(sub.expires_at) }),
      });
    } catch (error) {
      setNotice(failure(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountCard id="subscription" title={t("subscription.title")} busy={busy} notice={notice}>
      {subscriptions?.length === 0 ? <p className="text-sm">{t("subscription.none")}</p> : null}
      {(subscriptions ?? []).map((sub) => {
        const live = LIVE.has(sub.status) && !!sub.expires_at && new Date(sub.expires_at) > new Date();
        return (
          <div key={sub.id} className="flex flex-col gap-2 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-slate-600">{t("subscription.plan")}</dt>
              <dd>{sub.plan_months ? planName(sub.plan_months, locale) : t("subscription.planUnknown")}</dd>
              <dt className="text-slate-600">{t("subscription.provider")}</dt>
              <dd>{sub.provider === "invite" ? t("subscription.providerInvite") : t(providerNameKey(sub.provider))}</dd>
              <dt className="text-slate-600">{t("subscription.state")}</dt>
              <dd>{t(`status.${sub.status}`)}</dd>
            </dl>
            {sub.expires_at ? (
              <p>
                <WithValues
                  text={t(live ? (sub.auto_renew ? "subscription.renews" : "subscription.ends") : "subscription.ended")}
                  values={{ date: <bdi>{date(sub.expires_at)}</bdi> }}
                />
              </p>
            ) : null}
            {/* A crypto purchase (decision 050) is a prepaid period: buy again, nothing to switch. */}
            {live && sub.prepaid ? (
              <p>
                {t("subscription.prepaid")}{" "}
                <Link to={to("/pricing")} className="text-brand-700 underline">
                  {t("subscription.buyAgain")}
                </Link>
              </p>
            ) : null}
            {/* Voucher and invite time (decisions 046, 047) never renews: no processor to turn renewal on at. */}
            {live && sub.provider !== "voucher" && sub.provider !== "invite" && !sub.prepaid ? (
              <button
                type="button"
                className="min-h-11 self-start rounded-lg border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-50"
                onClick={() => changeRenewal(sub, !sub.auto_renew)}
              >
                {sub.auto_renew ? t("subscription.cancel") : t("subscription.resume")}
              </button>
            ) : null}
          </div>
        );
      })}
      <Link to={to("/redeem")} className="self-start text-sm text-brand-700 underline">
        {t("subscription.redeem")}
      </Link>
      {dialog}
    </AccountCard>
  );
}
