import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import { scrollToTarget } from "../lib/scroll";

/**
 * After a client-side navigation: back/forward restores where the visitor was; any other
 * navigation goes to the hash target (50 px offset, animated) or to the top.
 */
export function NavigationScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const previousKey = useRef<string | null>(null);

  useEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
  }, []);

  useEffect(() => {
    const first = previousKey.current === null;
    previousKey.current = location.key;
    const save = () => positions.current.set(location.key, window.scrollY);
    window.addEventListener("scroll", save, { passive: true });
    if (!first) {
      const saved = positions.current.get(location.key);
      if (navigationType === "POP" && saved !== undefined) window.scrollTo(0, saved);
      else if (location.hash) scrollToTarget(document.getElementById(decodeURIComponent(location.hash.slice(1))));
      else window.scrollTo(0, 0);
    } else if (location.hash) {
      scrollToTarget(document.getElementById(decodeURIComponent(location.hash.slice(1))), { duration: 0 });
    }
    return () => window.removeEventListener("scroll", save);
  }, [location.key, location.hash, navigationType]);

  return null;
}
