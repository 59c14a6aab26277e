import { type FormEvent, useState } from "react";
import { useT } from "../../i18n/translator";
import { AccountCard } from "../account/account-card";
import { termsFrom, useCatalogueWork } from "./catalogue-work";
import { type CataloguePlanRecord, useConsoleApi } from "./console-api";
import { PRIMARY_BUTTON, SECONDARY_BUTTON, TextField } from "./console-fields";

/** One plan's terms (months, limits, order), its visibility and whether it is the default. */
export function PlanEditor({ plan, onChanged }: { plan: CataloguePlanRecord; onChanged: () => Promise<void> }) {
  const t = useT("operator");
  const api = useConsoleApi();
  const { busy, notice, run } = useCatalogueWork();
  const [fields, setFields] = useState({
    months: String(plan.months),
    device_limit: String(plan.device_limit),
    ip_limit: String(plan.ip_limit),
    sort_order: String(plan.sort_order),
  });
  const field = (name: keyof typeof fields) => (value: string) => setFields((now) => ({ ...now, [name]: value }));

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(
      async () => {
        await api.editPlan(plan.id, termsFrom(fields));
        await onChanged();
      },
      t("plans.saved", { plan: plan.id }),
    );
  }

  const setVisible = (visible: boolean) =>
    run(
      async () => {
        await api.planVisible(plan.id, visible);
        await onChanged();
      },
      t("plans.saved", { plan: plan.id }),
    );
  const makeDefault = () =>
    run(
      async () => {
        await api.defaultPlan(plan.id);
        await onChanged();
      },
      t("plans.saved", { plan: plan.id }),
    );

  const prefix = `plan-${plan.id}`;
  return (
    <AccountCard title={t("plans.planTitle", { plan: plan.id })} busy={busy} notice={notice}>
      <p className="text-sm">{t("plans.soldHint")}</p>
      <form onSubmit={save} className="flex flex-wrap items-end gap-3">
        <TextField
          id={`${prefix}-months`}
          label={t("plans.months")}
          type="number"
          value={fields.months}
          onChange={field("months")}
          required
        />
        <TextField
          id={`${prefix}-devices`}
          label={t("plans.devices")}
          type="number"
          value={fields.device_limit}
          onChange={field("device_limit")}
          required
        />
        <TextField
          id={`${prefix}-ips`}
          label={t("plans.ips")}
          type="number"
          value={fields.ip_limit}
          onChange={field("ip_limit")}
          required
        />
        <TextField
          id={`${prefix}-order`}
          label={t("plans.order")}
          type="number"
          value={fields.sort_order}
          onChange={field("sort_order")}
          required
        />
        <button type="submit" className={PRIMARY_BUTTON}>
          {t("plans.save")}
        </button>
      </form>
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={() => void setVisible(!plan.visible)} className={SECONDARY_BUTTON}>
          {plan.visible ? t("plans.hide") : t("plans.show")}
        </button>
        {plan.visible && !plan.is_default ? (
          <button type="button" onClick={() => void makeDefault()} className={SECONDARY_BUTTON}>
            {t("plans.makeDefault")}
          </button>
        ) : null}
      </div>
    </AccountCard>
  );
}
