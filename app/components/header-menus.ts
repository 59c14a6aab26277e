/**
 * The header's menus are <details> elements (they open without JavaScript). With it, they behave
 * like menus: one open at a time (a menu inside another keeps its parent open), Escape closes the
 * innermost open one and gives focus back to its button, a tap outside closes all. Plain DOM code:
 * the document pages' island and the apps' hook (use-header-menus.ts) both call wireHeaderMenus.
 */
export function wireHeaderMenus(root: HTMLElement): () => void {
  const openMenus = () => Array.from(root.querySelectorAll<HTMLDetailsElement>("details[open]"));

  // "toggle" does not bubble: listen in the capture phase.
  const onToggle = (event: Event) => {
    const opened = event.target;
    if (!(opened instanceof HTMLDetailsElement) || !opened.open) return;
    for (const menu of openMenus()) if (menu !== opened && !menu.contains(opened)) menu.open = false;
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    const open = openMenus();
    if (open.length === 0) return;
    const focused = document.activeElement;
    const withFocus = open.filter((menu) => menu.contains(focused));
    // Document order puts a parent before the menus inside it: the last one is the innermost.
    const menu = withFocus.at(-1) ?? open.at(-1);
    if (!menu) return;
    event.preventDefault();
    menu.open = false;
    menu.querySelector<HTMLElement>(":scope > summary")?.focus();
  };
  const onPointerDown = (event: PointerEvent) => {
    const target = event.target as Node | null;
    for (const menu of openMenus()) if (!target || !menu.contains(target)) menu.open = false;
  };

  root.addEventListener("toggle", onToggle, true);
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("pointerdown", onPointerDown);
  return () => {
    root.removeEventListener("toggle", onToggle, true);
    document.removeEventListener("keydown", onKeyDown);
    document.removeEventListener("pointerdown", onPointerDown);
  };
}

/** Closes every open menu (an app's client navigation left the page behind them). */
export function closeHeaderMenus(root: HTMLElement): void {
  for (const menu of root.querySelectorAll<HTMLDetailsElement>("details[open]")) menu.open = false;
}
