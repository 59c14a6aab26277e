import type { ReactNode } from "react";
import { planName } from "../../../universal/i18n/plan-name";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import type { PlanSwitchStatus, SwitchTiming } from "./account-api";

type Choice = PlanSwitchStatus["choices"][number];

/** Why a way of switching is not offered, as the hint under it (the others never reach the form). */
const WHY_KEYS: Record<string, string> = {
  not_an_upgrade: "planSwitch.why.not_an_upgrade",
  renewal_off: "planSwitch.why.renewal_off",
  processor_cannot_switch: "planSwitch.why.processor_cannot_switch",
};

/** The plan card's two questions: which plan, and when (now with proration, or at the renewal). */
export function PlanSwitchChoices({
  choices,
  planId,
  timing,
  renewalDate,
  price,
  onPlan,
  onTiming,
}: {
  choices: Choice[];
  planId: string;
  timing: SwitchTiming;
  renewalDate: ReactNode;
  price: (amountMinor: number) => ReactNode;
  onPlan: (planId: string) => void;
  onTiming: (timing: SwitchTiming) => void;
}) {
  const t = useT("myaccount");
  const tp = useT("pricing");
  const { locale } = useLocale();
  const chosen = choices.find((choice) => choice.plan_id === planId);
  const ways: Array<{ value: SwitchTiming; label: ReactNode; refusal: string | null }> = [
    { value: "now", label: t("planSwitch.timingNow"), refusal: chosen?.now ?? null },
    {
      value: "at_renewal",
      label: (
        <>
          {t("planSwitch.timingRenewal")} (<bdi>{renewalDate}</bdi>)
        </>
      ),
      refusal: chosen?.at_renewal ?? null,
    },
  ];
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold">{t("planSwitch.choosePlan")}</legend>
        {choices.map((choice) => (
          <label
            key={choice.plan_id}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 text-sm has-[:checked]:border-brand-700 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
          >
            <input
              type="radio"
              name="switch-plan"
              value={choice.plan_id}
              checked={choice.plan_id === planId}
              onChange={() => onPlan(choice.plan_id)}
              className="mt-1"
            />
            <span className="flex flex-col">
              <span className="font-semibold">{planName(choice.plan_months, locale)}</span>
              <span>
                {price(choice.amount)} · {tp("devices", { count: choice.device_limit })}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold">{t("planSwitch.when")}</legend>
        {ways.map((way) => (
          <div key={way.value} className="flex flex-col">
            <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
              <input
                type="radio"
                name="switch-timing"
                value={way.value}
                checked={timing === way.value}
                disabled={way.refusal !== null}
                aria-describedby={way.refusal ? `switch-why-${way.value}` : undefined}
                onChange={() => onTiming(way.value)}
              />
              <span className={way.refusal ? "text-slate-500" : undefined}>{way.label}</span>
            </label>
            {way.refusal && way.refusal in WHY_KEYS ? (
              <p id={`switch-why-${way.value}`} className="ms-7 text-xs text-slate-600">
                {t(WHY_KEYS[way.refusal] ?? "")}
              </p>
            ) : null}
          </div>
        ))}
      </fieldset>
    </>
  );
}
