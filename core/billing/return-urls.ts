import { DEFAULT_LOCALE, isLocale, type Locale, localizePath } from "../../universal/i18n/locales";

/**
 * Where a buyer comes back to from a payment page, in the language they bought in: a German
 * buyer leaves /de/pricing/checkout and returns to /de/paystatus. The cancel address says so, as
 * a processor sends no event for a checkout the buyer left.
 */
export function purchaseReturnUrls(input: {
  origin: string;
  locale: string | undefined;
  orderId: string;
  provider: string;
}): {
  returnUrl: string;
  cancelUrl: string;
} {
  const locale: Locale = isLocale(input.locale) ? input.locale : DEFAULT_LOCALE;
  const query = `order=${encodeURIComponent(input.orderId)}&provider=${encodeURIComponent(input.provider)}`;
  const returnUrl = `${input.origin}${localizePath("/paystatus", locale)}?${query}`;
  return { returnUrl, cancelUrl: `${returnUrl}&left=1` };
}

/** The language an order was placed in (its client info), else the account's, else the default. */
export function orderLocale(clientInfo: string | null | undefined, accountLocale?: string | null): Locale {
  let language: unknown;
  try {
    language = (JSON.parse(clientInfo ?? "{}") as { language?: unknown }).language;
  } catch {
    language = undefined;
  }
  if (typeof language === "string" && isLocale(language)) return language;
  return isLocale(accountLocale) ? accountLocale : DEFAULT_LOCALE;
}
