import { useEffect, useState } from "react";
import { type OfferRefusal, offerRefusal } from "../../../universal/billing/processor-kinds";
import { useT } from "../../i18n/translator";
import { visitSourceHeaders } from "../../lib/api";
import { useApi } from "../../lib/use-api";
import { offerLabel, ProcessorMark } from "./processor-mark";

/** A way to pay as the providers API lists it, in the operator's order (decision 048). */
export type Provider = {
  code: string;
  kind: string | null;
  methods: string[];
  web_purchase: boolean;
  /** The currencies it takes; null for any. */
  currencies: string[] | null;
  /** The buyer countries it serves; null for all. */
  countries: string[] | null;
};

/** Why each offered way to pay cannot take this purchase (null: it can). */
export function refusals(providers: Provider[] | null, buyer: { currency?: string; country?: string | null }) {
  const found = new Map<string, OfferRefusal>();
  for (const option of providers ?? []) {
    found.set(
      option.code,
      buyer.currency ? offerRefusal(option, { currency: buyer.currency, country: buyer.country }) : null,
    );
  }
  return found;
}

export const PROVIDERS_PATH = "/api/mms/payment/v1/providers";

/** Which call starts a purchase with each provider code (SPEC §7). */
export function purchasePath(code: string): string {
  if (code === "s1") return `${PROVIDERS_PATH}/s1/create_subscription`;
  if (code === "pd") return `${PROVIDERS_PATH}/common/pd/prepurchase`;
  return `${PROVIDERS_PATH}/${code}/purchase`;
}

/** The providers offered on the web (null while loading) and the chosen one, the first by default. */
export function useWebProviders() {
  const call = useApi();
  const [providers, setProviders] = useState<Provider[] | null>(null);
  const [provider, setProvider] = useState<string>();
  useEffect(() => {
    call<{ providers: Provider[] }>("GET", `${PROVIDERS_PATH}/common/params`, undefined, visitSourceHeaders())
      .then((answer) => {
        // Only providers whose purchases start on the web (gap's start in the Android app).
        const offered = answer.providers.filter((option) => option.web_purchase);
        setProviders(offered);
        setProvider((current) => current ?? offered[0]?.code);
      })
      .catch(() => setProviders([]));
  }, [call]);
  return { providers, provider, setProvider };
}

/**
 * The checkout's payment-method choice: one radio card per provider, with its processor's mark
 * and name and the methods it takes. A way to pay that cannot take the buyer's currency (or serve
 * their country) stays listed, disabled, saying why: the buyer changes one or the other before
 * paying, never after a failed payment (decision 048).
 */
export function ProviderChoice({
  providers,
  provider,
  onSelect,
  currency,
  country,
}: {
  providers: Provider[] | null;
  provider: string | undefined;
  onSelect: (code: string) => void;
  /** The currency the plans are priced in. */
  currency?: string;
  /** The buyer's country (ISO 3166 alpha-2), when known. */
  country?: string | null;
}) {
  const t = useT("pricing");
  const refused = refusals(providers, { currency, country });
  const usable = (providers ?? []).filter((option) => !refused.get(option.code));
  return (
    <fieldset>
      <legend className="mb-3 text-lg font-semibold">{t("checkout.method")}</legend>
      {providers && providers.length === 0 ? <p role="alert">{t("checkout.noProviders")}</p> : null}
      {providers && providers.length > 0 && usable.length === 0 && currency ? (
        <p role="alert" className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t("noMethodsIn", { currency })}
        </p>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {(providers ?? []).map((option) => {
          const refusal = refused.get(option.code);
          const why = `provider-${option.code}-refusal`;
          return (
            <label
              key={option.code}
              className={`flex flex-col rounded-lg border-2 p-3 ${refusal ? "cursor-not-allowed border-slate-200 bg-slate-50" : "cursor-pointer"} ${!refusal && provider === option.code ? "border-brand-700" : "border-slate-200"}`}
            >
              <span className="flex items-center gap-2 font-medium">
                <input
                  type="radio"
                  name="provider"
                  value={option.code}
                  checked={!refusal && provider === option.code}
                  disabled={Boolean(refusal)}
                  aria-describedby={refusal ? why : undefined}
                  onChange={() => onSelect(option.code)}
                />
                <ProcessorMark kind={option.kind} />
                {offerLabel(option, t)}
              </span>
              <span className="text-sm text-slate-600">
                {option.methods.map((method) => t(`checkout.methods.${method}`)).join(" · ")}
              </span>
              {refusal ? (
                <span id={why} className="mt-1 text-sm text-amber-900">
                  {refusal === "currency"
                    ? t("checkout.notInCurrency", { currency: currency ?? "" })
                    : t("checkout.notInCountry")}
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
