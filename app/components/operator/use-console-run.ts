import { useCallback, useState } from "react";
import { useT } from "../../i18n/translator";
import { apiErrorKey, apiFieldErrors } from "../../lib/use-api";
import type { SectionNotice } from "../account/account-api";

/**
 * A console card's work: busy while it runs (from the start, for a card that loads first), and a
 * refusal reported in the reader's words, naming the fields the API found wrong.
 */
export function useConsoleRun(initiallyBusy = true) {
  const tf = useT("forms");
  const [busy, setBusy] = useState(initiallyBusy);
  const run = useCallback(
    async (work: () => Promise<void>, report: (notice: SectionNotice) => void) => {
      setBusy(true);
      report(null);
      try {
        await work();
      } catch (error) {
        const fields = Object.keys(apiFieldErrors(error));
        const text = tf(apiErrorKey(error));
        report({ tone: "error", text: fields.length > 0 ? `${text} (${fields.join(", ")})` : text });
      } finally {
        setBusy(false);
      }
    },
    [tf],
  );
  return { busy, run };
}
