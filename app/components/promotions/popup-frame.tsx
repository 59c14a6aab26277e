import type { ReactNode, Ref } from "react";
import { useT } from "../../i18n/translator";
import { Icon } from "../sections/icon";

/**
 * A popup's dialog (SPEC §4), shared by the apps' PopupHost and the document pages' server HTML
 * (PromotionTemplates), which the promotions island clones. A native modal <dialog>: focus moves
 * in when it opens, Escape closes it, focus goes back where it was.
 */
export function PopupFrame({
  kind,
  dialogRef,
  onClose,
  title,
  body,
  action,
}: {
  kind?: string;
  dialogRef?: Ref<HTMLDialogElement>;
  onClose?: () => void;
  title?: ReactNode;
  body?: ReactNode;
  /** The call to action: a Link in the apps, a plain link in the documents' template. */
  action: (className: string, label: string) => ReactNode;
}) {
  return (
    <dialog
      ref={dialogRef}
      onClose={onClose}
      aria-labelledby="popup-title"
      data-popup={kind}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl bg-slate-900 p-0 text-white shadow-2xl backdrop:bg-ink-900/60"
    >
      <PopupContent title={title} body={body} action={action} titleId="popup-title" closable />
    </dialog>
  );
}

/** What a popup shows: in its dialog, and in the console's preview (not closable there). */
export function PopupContent({
  title,
  body,
  action,
  titleId,
  closable = false,
}: {
  title?: ReactNode;
  body?: ReactNode;
  action: (className: string, label: string) => ReactNode;
  titleId: string;
  closable?: boolean;
}) {
  const t = useT("common");
  return (
    <div className="relative p-8">
      {closable ? (
        <form method="dialog" className="absolute end-3 top-3">
          <button type="submit" className="rounded-full p-2 hover:bg-white/10" aria-label={t("promotions.close")}>
            <Icon name="close" className="h-5 w-5" />
          </button>
        </form>
      ) : null}
      <p className="text-sm font-semibold uppercase tracking-wide text-white/90">{t("promotions.popupLabel")}</p>
      <h2 id={titleId} className="mt-1 text-2xl font-bold" data-title="">
        {title}
      </h2>
      <p className="mt-3 text-white/90" data-text="" hidden={!body}>
        {body}
      </p>
      {action(
        "mt-6 inline-block rounded-lg bg-white px-6 py-3 font-semibold text-ink-900 hover:bg-amber-100",
        t("promotions.cta"),
      )}
    </div>
  );
}
