import type { FormEvent, ReactNode } from "react";
import { useT } from "../../i18n/translator";

/** A form in a card, with a busy overlay and one error line for the whole form. */
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
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy}
      className="relative mx-auto -mt-8 mb-16 flex max-w-md flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
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
        className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
      >
        {busy ? t("sending") : submitLabel}
      </button>
      {footer}
      {busy ? <div className="absolute inset-0 rounded-2xl bg-white/40" aria-hidden="true" /> : null}
    </form>
  );
}
