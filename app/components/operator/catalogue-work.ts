import { useCallback, useState } from "react";
import { useT } from "../../i18n/translator";
import { ApiError } from "../../lib/api";
import { apiErrorKey } from "../../lib/use-api";
import type { SectionNotice } from "../account/account-api";
import type { PlanTerms } from "./console-api";

/**
 * The catalogue's refusals in the console's words: the operator API's codes 40900–40902 have only
 * the generic forms message (scripts read their English), so the console names them itself.
 */
const REFUSAL_KEYS: Record<number, string> = {
  40900: "plans.errors.exists",
  40901: "plans.errors.defaultHidden",
  40902: "plans.errors.hiddenDefault",
};

/** A problem the page found itself, already in the reader's words. */
export class NoticeError extends Error {}

export function useCatalogueErrorText() {
  const t = useT("operator");
  const tf = useT("forms");
  return useCallback(
    (error: unknown) => {
      if (error instanceof NoticeError) return error.message;
      const key = error instanceof ApiError ? REFUSAL_KEYS[error.envelope.code] : undefined;
      return key ? t(key) : tf(apiErrorKey(error));
    },
    [t, tf],
  );
}

/**
 * One card's work: busy while it runs, then its notice (the success text, or the refusal in the
 * console's words). Answers whether the work succeeded.
 */
export function useCatalogueWork(initiallyBusy = false) {
  const errorText = useCatalogueErrorText();
  const [busy, setBusy] = useState(initiallyBusy);
  const [notice, setNotice] = useState<SectionNotice>(null);
  const run = useCallback(
    async (work: () => Promise<void>, success?: string): Promise<boolean> => {
      setBusy(true);
      setNotice(null);
      try {
        await work();
        if (success) setNotice({ tone: "success", text: success });
        return true;
      } catch (error) {
        setNotice({ tone: "error", text: errorText(error) });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [errorText],
  );
  return { busy, notice, run };
}

/** The terms' fields as typed: whole numbers, checked by the server. */
export function termsFrom(fields: Record<keyof PlanTerms, string>): PlanTerms {
  return {
    months: Number(fields.months),
    device_limit: Number(fields.device_limit),
    ip_limit: Number(fields.ip_limit),
    sort_order: Number(fields.sort_order),
  };
}
