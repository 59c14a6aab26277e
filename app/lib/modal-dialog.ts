/**
 * Opens a <dialog> as a modal (focus moves in, Escape closes it) and, once it closes, puts focus
 * back on what had it before, which not every browser does by itself. Shared by the apps' React
 * dialogs and the islands.
 */
export function openModal(dialog: HTMLDialogElement): void {
  const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  dialog.addEventListener(
    "close",
    () => {
      const active = document.activeElement;
      const lost = !active || active === document.body || dialog.contains(active);
      if (lost && before?.isConnected) before.focus();
    },
    { once: true },
  );
  dialog.showModal();
}
