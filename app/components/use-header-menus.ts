import { type RefObject, useEffect } from "react";
import { useLocation } from "react-router";
import { closeHeaderMenus, wireHeaderMenus } from "./header-menus";

/** The header menus' behaviour in the apps (header-menus.ts), plus closing them on navigation. */
export function useHeaderMenus(header: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();

  useEffect(() => (header.current ? wireHeaderMenus(header.current) : undefined), [header]);

  // A link in a menu took the visitor to another page: the menus close behind them.
  useEffect(() => {
    if (pathname && header.current) closeHeaderMenus(header.current);
  }, [header, pathname]);
}
