import { type RefObject, useEffect } from "react";
import { useLocation } from "react-router";

/**
 * The header's menus are <details> elements (they open without JavaScript). With it, they behave
 * like menus: one open at a time (a menu inside another keeps its parent open), Escape closes the
 * innermost open one and gives focus back to its button, a tap outside or a navigation closes all.
 */
export function useHeaderMenus(header: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();

  useEffect(() => {
    const root = header.current;
    if (!root) return;
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
  }, [header]);

  // A link in a menu took the visitor to another page: the menus close behind them.
  useEffect(() => {
    if (!pathname) return;
    for (const menu of header.current?.querySelectorAll<HTMLDetailsElement>("details[open]") ?? []) menu.open = false;
  }, [header, pathname]);
}
