import { useEffect, useState } from "react";
import { useT } from "../../i18n/translator";
import { visitSourceHeaders } from "../../lib/api";
import { useApi } from "../../lib/use-api";

export type Provider = { code: string; methods: string[]; web_purchase: boolean };

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

/** The checkout's payment-method choice: one radio card per provider, with the methods it takes. */
export function ProviderChoice({
  providers,
  provider,
  onSelect,
}: {
  providers: Provider[] | null;
  provider: string | undefined;
  onSelect: (code: string) => void;
}) {
  const t = useT("pricing");
  return (
    <fieldset>
      <legend className="mb-3 text-lg font-semibold">{t("checkout.method")}</legend>
      {providers && providers.length === 0 ? <p role="alert">{t("checkout.noProviders")}</p> : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {(providers ?? []).map((option) => (
          <label
            key={option.code}
            className={`flex cursor-pointer flex-col rounded-lg border-2 p-3 ${provider === option.code ? "border-brand-700" : "border-slate-200"}`}
          >
            <span className="flex items-center gap-2 font-medium">
              <input
                type="radio"
                name="provider"
                value={option.code}
                checked={provider === option.code}
                onChange={() => onSelect(option.code)}
              />
              {t(`checkout.providers.${option.code}`)}
            </span>
            <span className="text-sm text-slate-600">
              {option.methods.map((method) => t(`checkout.methods.${method}`)).join(" · ")}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
