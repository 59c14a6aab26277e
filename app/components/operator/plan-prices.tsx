import { type FormEvent, useState } from "react";
import { majorAmountText, parseMajorAmount } from "../../../universal/billing/major-amount";
import { PROCESSOR_KINDS } from "../../../universal/billing/processor-kinds";
import { useT } from "../../i18n/translator";
import { AccountCard } from "../account/account-card";
import { NoticeError, useCatalogueWork } from "./catalogue-work";
import { type CataloguePlanRecord, type CatalogueShelf, useConsoleApi } from "./console-api";
import { PRIMARY_BUTTON, TextField } from "./console-fields";

type Props = { plan: CataloguePlanRecord; shelf: CatalogueShelf; onChanged: () => Promise<void> };

/** A plan's prices in each of the operator's currencies and its price ids at the offered processors. */
export function PlanPrices({ plan, shelf, onChanged }: Props) {
  const t = useT("operator");
  const prices = useCatalogueWork();
  const ids = useCatalogueWork();
  // Codes mapped earlier but no longer offered stay listed, so their ids can still be removed.
  const codes = [
    ...shelf.providers,
    ...Object.keys(plan.price_ids)
      .filter((code) => !shelf.providers.some((provider) => provider.code === code))
      .map((code) => ({ code, processor: null })),
  ];
  return (
    <>
      <AccountCard title={t("plans.pricesOf", { plan: plan.id })} busy={prices.busy} notice={prices.notice}>
        <p className="text-sm">{t("plans.pricesIntro")}</p>
        {shelf.currencies.map((currency) => (
          <PriceRow key={currency} plan={plan} currency={currency} work={prices} onChanged={onChanged} />
        ))}
      </AccountCard>
      <AccountCard title={t("plans.priceIdsOf", { plan: plan.id })} busy={ids.busy} notice={ids.notice}>
        <p className="text-sm">{t("plans.priceIdsIntro")}</p>
        {codes.map(({ code, processor }) => (
          <PriceIdRow
            key={code}
            plan={plan}
            code={code}
            name={
              processor && processor in PROCESSOR_KINDS
                ? PROCESSOR_KINDS[processor as keyof typeof PROCESSOR_KINDS].name
                : code
            }
            work={ids}
            onChanged={onChanged}
          />
        ))}
      </AccountCard>
    </>
  );
}

type Work = ReturnType<typeof useCatalogueWork>;

function PriceRow({
  plan,
  currency,
  work,
  onChanged,
}: {
  plan: CataloguePlanRecord;
  currency: string;
  work: Work;
  onChanged: () => Promise<void>;
}) {
  const t = useT("operator");
  const api = useConsoleApi();
  const current = plan.prices.find((price) => price.currency === currency);
  const [list, setList] = useState(current ? majorAmountText(current.list_amount) : "");
  const [sale, setSale] = useState(current ? majorAmountText(current.sale_amount) : "");
  const [trial, setTrial] = useState(current?.trial_amount == null ? "" : majorAmountText(current.trial_amount));

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const listAmount = parseMajorAmount(list);
    const saleAmount = parseMajorAmount(sale);
    const trialAmount = trial.trim() === "" ? null : parseMajorAmount(trial);
    await work.run(
      async () => {
        if (listAmount === null || saleAmount === null || (trial.trim() !== "" && trialAmount === null)) {
          throw new NoticeError(t("plans.amountInvalid"));
        }
        await api.setPrice({
          plan_id: plan.id,
          currency,
          list_amount: listAmount,
          sale_amount: saleAmount,
          trial_amount: trialAmount,
        });
        await onChanged();
      },
      t("plans.priceSaved", { plan: plan.id, currency }),
    );
  }

  const prefix = `price-${plan.id}-${currency}`;
  return (
    <form
      onSubmit={save}
      className="flex flex-wrap items-end gap-3 border-b border-slate-200 pb-3"
      aria-label={currency}
    >
      <p className="w-12 pb-3 font-semibold" dir="ltr">
        {currency}
      </p>
      <TextField id={`${prefix}-list`} label={t("plans.listPrice")} value={list} onChange={setList} required />
      <TextField id={`${prefix}-sale`} label={t("plans.salePrice")} value={sale} onChange={setSale} required />
      <TextField id={`${prefix}-trial`} label={t("plans.trialPrice")} value={trial} onChange={setTrial} />
      <button type="submit" className={PRIMARY_BUTTON} aria-label={t("plans.savePriceOf", { currency })}>
        {t("plans.save")}
      </button>
    </form>
  );
}

function PriceIdRow({
  plan,
  code,
  name,
  work,
  onChanged,
}: {
  plan: CataloguePlanRecord;
  code: string;
  name: string;
  work: Work;
  onChanged: () => Promise<void>;
}) {
  const t = useT("operator");
  const api = useConsoleApi();
  const [value, setValue] = useState(plan.price_ids[code] ?? "");

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const priceId = value.trim();
    await work.run(
      async () => {
        await api.mapPriceId(plan.id, code, priceId === "" ? null : priceId);
        await onChanged();
      },
      t("plans.priceIdSaved", { plan: plan.id, provider: name }),
    );
  }

  return (
    <form onSubmit={save} className="flex flex-wrap items-end gap-3">
      <TextField
        id={`price-id-${plan.id}-${code}`}
        label={t("plans.priceIdAt", { provider: name, code })}
        value={value}
        onChange={setValue}
        wide
      />
      <button type="submit" className={PRIMARY_BUTTON} aria-label={t("plans.savePriceIdOf", { provider: name, code })}>
        {t("plans.save")}
      </button>
    </form>
  );
}
