import { type FormEvent, useCallback, useEffect, useState } from "react";
import { formatPrice } from "../../../universal/i18n/format";
import { useT } from "../../i18n/translator";
import { useLocale } from "../../lib/use-page";
import { AccountCard } from "../account/account-card";
import { termsFrom, useCatalogueWork } from "./catalogue-work";
import { type CatalogueShelf, useConsoleApi } from "./console-api";
import { CheckField, PRIMARY_BUTTON, SECONDARY_BUTTON, TextField } from "./console-fields";
import { PlanEditor } from "./plan-editor";
import { PlanPrices } from "./plan-prices";
import { TableHead } from "./table-head";

/**
 * The catalogue for owners and marketing (decision 056): every plan, hidden ones marked; one
 * plan opened for its terms, prices and provider price ids; a new plan added.
 */
export function PlansView() {
  const t = useT("operator");
  const { locale } = useLocale();
  const api = useConsoleApi();
  const { busy, notice, run } = useCatalogueWork(true);
  const [shelf, setShelf] = useState<CatalogueShelf | null>(null);
  const [selected, setSelected] = useState<string | null>(null);

  const reload = useCallback(async () => setShelf(await api.catalogue()), [api]);
  useEffect(() => {
    void run(reload);
  }, [run, reload]);

  const plan = shelf?.plans.find((entry) => entry.id === selected);
  const _header = "p-2 text-start";

  return (
    <div className="flex flex-col gap-6">
      <AccountCard title={t("menu.plans")} busy={busy} notice={notice}>
        <p className="text-sm">{t("plans.intro")}</p>
        {shelf && shelf.plans.length === 0 ? <p>{t("plans.none")}</p> : null}
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("menu.plans")}</caption>
            <TableHead
              columns={[
                t("plans.columns.plan"),
                t("plans.months"),
                t("plans.devices"),
                t("plans.prices"),
                t("plans.columns.status"),
                t("plans.columns.actions"),
              ]}
            />
            <tbody>
              {(shelf?.plans ?? []).map((entry) => (
                <tr key={entry.id} className="border-b border-slate-200" data-plan={entry.id}>
                  <td className="p-2 font-medium">
                    <bdi dir="ltr">{entry.id}</bdi>
                  </td>
                  <td className="p-2">{entry.months}</td>
                  <td className="p-2">{entry.device_limit}</td>
                  <td className="p-2">
                    {entry.prices.map((price) => (
                      <span key={price.currency} className="me-3 inline-block">
                        {formatPrice(price.sale_amount, price.currency, locale)}
                      </span>
                    ))}
                  </td>
                  <td className="p-2">
                    {entry.visible ? t("plans.visible") : <strong>{t("plans.hidden")}</strong>}
                    {entry.is_default ? ` · ${t("plans.default")}` : ""}
                  </td>
                  <td className="p-2">
                    <button
                      type="button"
                      onClick={() => setSelected(entry.id)}
                      aria-label={t("plans.editOf", { plan: entry.id })}
                      aria-pressed={entry.id === selected}
                      className={SECONDARY_BUTTON}
                    >
                      {t("plans.edit")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </AccountCard>
      {plan && shelf ? (
        <>
          <PlanEditor key={`terms-${plan.id}`} plan={plan} onChanged={reload} />
          <PlanPrices key={`prices-${plan.id}`} plan={plan} shelf={shelf} onChanged={reload} />
        </>
      ) : null}
      <AddPlan
        onAdded={async (id) => {
          await reload();
          setSelected(id);
        }}
      />
    </div>
  );
}

function AddPlan({ onAdded }: { onAdded: (id: string) => Promise<void> }) {
  const t = useT("operator");
  const api = useConsoleApi();
  const { busy, notice, run } = useCatalogueWork();
  const [id, setId] = useState("");
  const [fields, setFields] = useState({ months: "12", device_limit: "5", ip_limit: "1", sort_order: "0" });
  const [visible, setVisible] = useState(false);
  const field = (name: keyof typeof fields) => (value: string) => setFields((now) => ({ ...now, [name]: value }));

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const planId = id.trim();
    const added = await run(
      async () => {
        await api.addPlan({ id: planId, visible, ...termsFrom(fields) });
      },
      t("plans.added", { plan: planId }),
    );
    if (added) {
      setId("");
      await onAdded(planId);
    }
  }

  return (
    <AccountCard title={t("plans.addTitle")} busy={busy} notice={notice}>
      <p className="text-sm">{t("plans.addIntro")}</p>
      <form onSubmit={add} className="flex flex-wrap items-end gap-3">
        <TextField
          id="plan-new-id"
          label={t("plans.id")}
          value={id}
          onChange={setId}
          required
          hint={t("plans.idHint")}
        />
        <TextField
          id="plan-new-months"
          label={t("plans.months")}
          type="number"
          value={fields.months}
          onChange={field("months")}
          required
        />
        <TextField
          id="plan-new-devices"
          label={t("plans.devices")}
          type="number"
          value={fields.device_limit}
          onChange={field("device_limit")}
          required
        />
        <TextField
          id="plan-new-ips"
          label={t("plans.ips")}
          type="number"
          value={fields.ip_limit}
          onChange={field("ip_limit")}
          required
        />
        <TextField
          id="plan-new-order"
          label={t("plans.order")}
          type="number"
          value={fields.sort_order}
          onChange={field("sort_order")}
          required
        />
        <CheckField id="plan-new-visible" label={t("plans.sellNow")} checked={visible} onChange={setVisible} />
        <button type="submit" className={PRIMARY_BUTTON}>
          {t("plans.add")}
        </button>
      </form>
    </AccountCard>
  );
}
