import i18next, { type i18n as I18n, type TOptions } from "i18next";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { DEFAULT_LOCALE, type Locale } from "./locales";
import type { Resources } from "./namespaces";

const I18nContext = createContext<I18n | null>(null);

/** One i18next instance per language, fed with whatever namespaces the rendered routes brought. */
export function createTranslator(locale: Locale): I18n {
  const instance = i18next.createInstance();
  instance.init({
    lng: locale,
    fallbackLng: false,
    resources: {},
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return instance;
}

/** Adds namespaces not yet known to the instance (idempotent; safe during render). */
export function addResources(instance: I18n, locale: Locale, resources: Resources | undefined): void {
  if (!resources) return;
  for (const [namespace, catalogue] of Object.entries(resources)) {
    if (!instance.hasResourceBundle(locale, namespace)) instance.addResourceBundle(locale, namespace, catalogue);
  }
}

export function TranslatorProvider({
  locale,
  resources,
  children,
}: {
  locale: Locale;
  resources: Resources[];
  children: ReactNode;
}) {
  const instance = useMemo(() => createTranslator(locale), [locale]);
  for (const batch of resources) addResources(instance, locale, batch);
  return <I18nContext.Provider value={instance}>{children}</I18nContext.Provider>;
}

export type TFunction = (key: string, options?: TOptions) => string;

/** `t("heading")` in the given namespace; `t("common:error.title")` reaches another. */
export function useT(namespace = "common"): TFunction {
  const instance = useContext(I18nContext);
  return useMemo(() => {
    if (!instance) return (key: string) => key;
    const fixed = instance.getFixedT(instance.language ?? DEFAULT_LOCALE, namespace);
    return (key: string, options?: TOptions) => String(fixed(key, options as TOptions));
  }, [instance, namespace]);
}

export function useTranslator(): I18n | null {
  return useContext(I18nContext);
}
