import type { FormEvent, ReactNode } from "react";
import { useT } from "../../i18n/translator";
import { LoadingOverlay } from "../loading-overlay";
import { useSubmitFeedback } from "./use-submit-feedback";

/** The card a form (or what replaces it) sits in; it keeps 1 rem from the screen's edges on phones. */
export const FORM_CARD_CLASS =
  "relative mx-auto -mt-8 mb-16 flex w-[calc(100%-2rem)] max-w-md flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";

/**
 * A form in a card, with a busy overlay and one error line for the whole form. After a submit the
 * first invalid field is focused and scrolled into view (useSubmitFeedback).
 */
export function FormCard({
  onSubmit,
  busy,
  error,
  submitLabel,
  children,
  footer,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  error?: string;
  submitLabel: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const t = useT("forms");
  const { formRef, submitted } = useSubmitFeedback(busy);
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        submitted();
        onSubmit(event);
      }}
      aria-busy={busy}
      className={FORM_CARD_CLASS}
    >
      {children}
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {t(error)}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        className="min-h-11 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
      >
        {busy ? t("sending") : submitLabel}
      </button>
      {footer}
      <LoadingOverlay busy={busy} />
    </form>
  );
}
