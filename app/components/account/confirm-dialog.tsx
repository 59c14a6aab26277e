import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { useT } from "../../i18n/translator";

export interface ConfirmRequest {
  title: string;
  message: ReactNode;
  confirmLabel: string;
}

/**
 * An in-page confirmation (a modal `<dialog>`): focus starts on the safe choice, Escape and
 * "Not now" answer no, and focus goes back to the button that asked. `ask` resolves with the answer.
 */
export function useConfirmDialog(): { ask: (request: ConfirmRequest) => Promise<boolean>; dialog: ReactNode } {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const answer = useRef<(value: boolean) => void>(undefined);
  const ask = useCallback(
    (next: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        answer.current?.(false);
        answer.current = resolve;
        setRequest(next);
      }),
    [],
  );
  const close = useCallback((value: boolean) => {
    answer.current?.(value);
    answer.current = undefined;
    setRequest(null);
  }, []);
  return { ask, dialog: request ? <ConfirmDialog request={request} onAnswer={close} /> : null };
}

function ConfirmDialog({ request, onAnswer }: { request: ConfirmRequest; onAnswer: (value: boolean) => void }) {
  const t = useT("myaccount");
  const ref = useRef<HTMLDialogElement>(null);
  const dismiss = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    dismiss.current?.focus();
    return () => {
      if (dialog?.open) dialog.close();
      // The opener may be gone (its row removed): then focus stays where the browser puts it.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      // Escape: the browser fires cancel, which answers no.
      onCancel={(event) => {
        event.preventDefault();
        onAnswer(false);
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {request.title}
      </h2>
      <p id={`${id}-message`} className="mt-2 text-sm text-slate-700">
        {request.message}
      </p>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <button
          ref={dismiss}
          type="button"
          onClick={() => onAnswer(false)}
          className="min-h-11 rounded-lg border border-slate-400 px-4 py-2 text-sm font-semibold hover:bg-slate-50"
        >
          {t("dialog.dismiss")}
        </button>
        <button
          type="button"
          onClick={() => onAnswer(true)}
          className="min-h-11 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600"
        >
          {request.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
