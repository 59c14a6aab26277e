import { createContext, type ReactNode, useContext, useMemo } from "react";
import type { Locale } from "../../universal/i18n/locales";
import type { Resources } from "../../universal/i18n/namespaces";
import { type TranslateOptions, translate } from "../../universal/i18n/translate";

interface TranslatorState {
  locale: Locale;
  resources: Resources;
}

const TranslatorContext = createContext<TranslatorState | null>(null);

/** Gives the components below the catalogues every rendered route brought (merged, later ones win). */
export function TranslatorProvider({
  locale,
  resources,
  children,
}: {
  locale: Locale;
  resources: Resources[];
  children: ReactNode;
}) {
  const merged: Resources = Object.assign({}, ...resources);
  const keys = Object.keys(merged).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the namespaces present decide the identity
  const state = useMemo(() => ({ locale, resources: merged }), [locale, keys]);
  return <TranslatorContext.Provider value={state}>{children}</TranslatorContext.Provider>;
}

export type TFunction = (key: string, options?: TranslateOptions) => string;

/** `t("heading")` in the given namespace; `t("common:error.title")` reaches another. */
export function useT(namespace = "common"): TFunction {
  const state = useContext(TranslatorContext);
  return useMemo(
    () => (key: string, options?: TranslateOptions) =>
      state ? translate(state.resources, state.locale, namespace, key, options) : (options?.defaultValue ?? key),
    [state, namespace],
  );
}
