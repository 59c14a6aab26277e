import { type Locale, localeInfo } from "../../universal/i18n/locales";
import { useT } from "../i18n/translator";
import { type SiteClaims, useClaims } from "./claims";
import { useLocale } from "./use-page";

/** Sentences one after the other, as the language writes them (Japanese puts no space between; Thai, which has no full stop, does). */
export function joinSentences(locale: Locale, ...sentences: Array<string | null | undefined>): string {
  return sentences.filter(Boolean).join(localeInfo(locale).sentenceSpaces ? " " : "");
}

export interface ClaimTexts {
  claims: SiteClaims;
  /** "30-day money-back guarantee", or null when the operator makes no such promise. */
  moneyBack: string | null;
  /** "Every first purchase comes with a 30-day money-back guarantee.", or null. */
  moneyBackSentence: string | null;
  /** "If it is not for you, ask for a refund within 30 days…", or null. */
  refund: string | null;
  /** A text followed by the money-back sentence while that promise is made. */
  withMoneyBack: (text: string) => string;
}

/** The shared wording of the operator's promises (common:claims.*), filled from content/claims.ts. */
export function useClaimTexts(): ClaimTexts {
  const claims = useClaims();
  const t = useT("common");
  const { locale } = useLocale();
  const days = claims.moneyBackDays;
  const moneyBackSentence = days === null ? null : t("claims.moneyBackSentence", { count: days });
  return {
    claims,
    moneyBack: days === null ? null : t("claims.moneyBack", { count: days }),
    moneyBackSentence,
    refund: days === null ? null : t("claims.refund", { count: days }),
    withMoneyBack: (text) => joinSentences(locale, text, moneyBackSentence),
  };
}
