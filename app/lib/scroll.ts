/** SPEC §9 scroll helper defaults. */
export const SCROLL_OFFSET_PX = 50;
export const SCROLL_DURATION_MS = 1200;

export function easeInOutCubic(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}

/** Where the window should end up to show an element `offset` pixels below the top. */
export function targetScrollY(elementTop: number, currentScrollY: number, offset = SCROLL_OFFSET_PX): number {
  return Math.max(0, Math.round(currentScrollY + elementTop - offset));
}

/** The scroll position at `elapsed` ms of an animation from `from` to `to`. */
export function scrollPositionAt(from: number, to: number, elapsed: number, duration = SCROLL_DURATION_MS): number {
  if (duration <= 0) return to;
  return Math.round(from + (to - from) * easeInOutCubic(elapsed / duration));
}

/**
 * Scrolls to an element (or the top), animated over `duration` unless the visitor prefers
 * reduced motion, in which case it jumps.
 */
export function scrollToTarget(
  element: Element | null,
  { offset = SCROLL_OFFSET_PX, duration = SCROLL_DURATION_MS }: { offset?: number; duration?: number } = {},
): void {
  const from = window.scrollY;
  const to = element ? targetScrollY(element.getBoundingClientRect().top, from, offset) : 0;
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  if (reduced || duration <= 0 || from === to) {
    window.scrollTo(0, to);
    return;
  }
  const start = performance.now();
  const step = (now: number) => {
    const elapsed = now - start;
    window.scrollTo(0, scrollPositionAt(from, to, elapsed, duration));
    if (elapsed < duration) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
