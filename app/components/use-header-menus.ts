import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { closeHeaderMenus, wireHeaderMenus } from "./header-menus";

/** The header menus' behaviour in the apps (header-menus.ts), plus closing them on navigation. */
export function useHeaderMenus(header: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);

  useEffect(() => (header.current ? wireHeaderMenus(header.current) : undefined), [header]);

  // A link in a menu took the visitor to another page: the menus close behind them. Not when the
  // page hydrates: a menu the visitor opened while it loaded stays open.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (header.current) closeHeaderMenus(header.current);
  }, [header, pathname]);
}
