import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { API_ERRORS } from "../../../universal/api/errors";
import { browserTimeZone, formatDate, formatPrice } from "../../../universal/i18n/format";
import { planName } from "../../../universal/i18n/plan-name";
import { useT } from "../../i18n/translator";
import { ApiError } from "../../lib/api";
import { PLAN_SWITCH_ANCHOR, SWITCH_PLAN_PARAM } from "../../lib/plan-switch-link";
import { apiErrorKey } from "../../lib/use-api";
import { useLocale } from "../../lib/use-page";
import {
  type PlanSwitchQuote,
  type PlanSwitchStatus,
  type SectionNotice,
  type SwitchTiming,
  useAccountApi,
} from "./account-api";
import { AccountCard } from "./account-card";
import { useConfirmDialog } from "./confirm-dialog";
import { PlanSwitchChoices } from "./plan-switch-choices";
import { PlanSwitchCurrent } from "./plan-switch-current";
import { WithValues } from "./with-values";

/** The switch refusals by envelope code, as the card's sentences (decision 037). */
const REFUSAL_BY_CODE = new Map<number, string>([
  [API_ERRORS.notSubscriber.code, "planSwitch.errors.not_subscriber"],
  [API_ERRORS.samePlan.code, "planSwitch.errors.same_plan"],
  [API_ERRORS.planNotSoldInCurrency.code, "planSwitch.errors.not_sold_in_currency"],
  [API_ERRORS.notAnUpgrade.code, "planSwitch.why.not_an_upgrade"],
  [API_ERRORS.switchNeedsRenewal.code, "planSwitch.why.renewal_off"],
  [API_ERRORS.switchPending.code, "planSwitch.errors.switch_pending"],
  [API_ERRORS.planChangeUnsupported.code, "planSwitch.why.processor_cannot_switch"],
  [API_ERRORS.prepaidNoPlanChange.code, "planSwitch.prepaid"],
  [API_ERRORS.processorRefused.code, "planSwitch.errors.failed"],
  [API_ERRORS.processorUnavailable.code, "planSwitch.errors.failed"],
]);

type Choice = PlanSwitchStatus["choices"][number];
const allowedTiming = (choice: Choice | undefined, wanted: SwitchTiming): SwitchTiming =>
  choice && choice[wanted] !== null && choice[wanted === "now" ? "at_renewal" : "now"] === null
    ? wanted === "now"
      ? "at_renewal"
      : "now"
    : wanted;

/**
 * "Your plan": the plan, its price and devices, a switch scheduled for the renewal (which can be
 * cancelled), and a move to another plan: now with the processor's proration, or at the renewal.
 * The price comes from the processor before the customer confirms. `onSwitched` reloads the
 * cards a switch changes (subscription, payments, devices).
 */
export function PlanSwitchSection({ onSwitched }: { onSwitched: () => void }) {
  const t = useT("myaccount");
  const tf = useT("forms");
  const { locale } = useLocale();
  const api = useAccountApi();
  const [params] = useSearchParams();
  const { ask, dialog } = useConfirmDialog();
  const [status, setStatus] = useState<PlanSwitchStatus>();
  const [planId, setPlanId] = useState("");
  const [timing, setTiming] = useState<SwitchTiming>("now");
  const [quote, setQuote] = useState<PlanSwitchQuote | null>(null);
  const [busy, setBusy] = useState(true);
  const [notice, setNotice] = useState<SectionNotice>(null);

  const failure = useCallback(
    (error: unknown): SectionNotice => {
      const key = error instanceof ApiError ? REFUSAL_BY_CODE.get(error.envelope.code) : undefined;
      return { tone: "error", text: key ? t(key) : tf(apiErrorKey(error)) };
    },
    [t, tf],
  );

  const load = useCallback(async () => {
    const answer = await api.planSwitch();
    setStatus(answer);
    // A plan picked on /pricing (?switch=) comes chosen; else the first one offered.
    const wanted = params.get(SWITCH_PLAN_PARAM);
    const first = answer.choices.find((choice) => choice.plan_id === wanted) ?? answer.choices[0];
    setPlanId(first?.plan_id ?? "");
    setTiming(allowedTiming(first, "now"));
  }, [api, params]);

  useEffect(() => {
    load()
      .catch((error) => setNotice(failure(error)))
      .finally(() => setBusy(false));
  }, [load, failure]);

  // Arriving from /pricing (#plan-switch): the card is brought into view once it has loaded.
  const broughtIntoView = useRef(false);
  useEffect(() => {
    if (!status?.subscription || broughtIntoView.current) return;
    broughtIntoView.current = true;
    if (window.location.hash === `#${PLAN_SWITCH_ANCHOR}`)
      document.getElementById(PLAN_SWITCH_ANCHOR)?.scrollIntoView();
  }, [status]);

  const choice = status?.choices.find((entry) => entry.plan_id === planId);
  const offered = !!choice && choice[timing] === null && !status?.subscription?.scheduled;
  useEffect(() => {
    setQuote(null);
    if (!offered) return;
    let current = true;
    api
      .previewPlanSwitch(planId, timing)
      .then((answer) => current && setQuote(answer))
      .catch((error) => current && setNotice(failure(error)));
    return () => {
      current = false;
    };
  }, [api, planId, timing, offered, failure]);

  const subscription = status?.subscription;
  if (!subscription) {
    return notice ? (
      <AccountCard title={t("planSwitch.title")} notice={notice}>
        {null}
      </AccountCard>
    ) : null;
  }
  const date = (iso: string | null) => (iso ? formatDate(new Date(iso), locale, browserTimeZone()) : "");
  const price = (amount: number, currency = subscription.currency) => (
    <bdi dir="ltr">{`${formatPrice(amount, currency, locale)} ${currency}`}</bdi>
  );
  const name = (months: number | null | undefined) => (months ? planName(months, locale) : "");
  const quoteValues = quote && {
    amount: price(quote.amount, quote.currency),
    date: <bdi>{date(timing === "now" ? quote.period_end : quote.effective_at)}</bdi>,
    plan: name(choice?.plan_months),
  };

  async function act(run: () => Promise<string>) {
    setBusy(true);
    setNotice(null);
    try {
      const done = await run();
      await load();
      setNotice({ tone: "success", text: done });
      onSwitched();
    } catch (error) {
      setNotice(failure(error));
    } finally {
      setBusy(false);
    }
  }

  async function confirmSwitch() {
    if (!quote || !quoteValues) return;
    const confirmed = await ask({
      title: t("planSwitch.confirmTitle", { plan: quoteValues.plan }),
      message: (
        <WithValues
          text={t(timing === "now" ? "planSwitch.previewNow" : "planSwitch.previewRenewal")}
          values={quoteValues}
        />
      ),
      confirmLabel: t("planSwitch.confirmButton"),
    });
    if (!confirmed) return;
    await act(async () => {
      const done = await api.switchPlan(quote.plan_id, timing, quote.quoted_at);
      const values = { plan: quoteValues?.plan ?? "", date: date(done.effective_at) };
      return t(timing === "now" ? "planSwitch.switchedNow" : "planSwitch.switchedRenewal", values);
    });
  }

  const cancelScheduled = () =>
    act(async () => {
      await api.cancelScheduledSwitch();
      return t("planSwitch.keptCurrent");
    });

  return (
    <AccountCard title={t("planSwitch.title")} busy={busy} notice={notice} id={PLAN_SWITCH_ANCHOR}>
      <PlanSwitchCurrent subscription={subscription} price={price} date={date} name={name} onKeep={cancelScheduled} />
      {subscription.scheduled ? null : subscription.prepaid ? (
        <p className="text-sm">{t("planSwitch.prepaid")}</p>
      ) : status.choices.length === 0 ? (
        <p className="text-sm">{t("planSwitch.noChoices")}</p>
      ) : (
        <>
          <PlanSwitchChoices
            choices={status.choices}
            planId={planId}
            timing={timing}
            renewalDate={date(subscription.period_end)}
            price={(amount) => price(amount)}
            onPlan={(id) => {
              setPlanId(id);
              setTiming(
                allowedTiming(
                  status.choices.find((entry) => entry.plan_id === id),
                  timing,
                ),
              );
            }}
            onTiming={setTiming}
          />
          <p className="min-h-10 text-sm" data-testid="plan-switch-preview">
            {quoteValues ? (
              <WithValues
                text={t(timing === "now" ? "planSwitch.previewNow" : "planSwitch.previewRenewal")}
                values={quoteValues}
              />
            ) : offered ? (
              t("planSwitch.previewLoading")
            ) : null}
          </p>
          <button
            type="button"
            disabled={!quote}
            className="min-h-11 self-start rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-600 disabled:opacity-50"
            onClick={confirmSwitch}
          >
            {t("planSwitch.switch")}
          </button>
        </>
      )}
      {dialog}
    </AccountCard>
  );
}
