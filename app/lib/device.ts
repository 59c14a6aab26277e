export type DeviceKind = "desktop" | "mobile" | "tablet";

/** Touch-first and narrow is a phone; touch-first and wide a tablet; everything else a desktop. */
export function deviceKind(): DeviceKind {
  if (typeof window === "undefined" || !window.matchMedia) return "desktop";
  const coarse = window.matchMedia("(pointer: coarse)").matches;
  if (!coarse) return "desktop";
  return window.matchMedia("(min-width: 768px)").matches ? "tablet" : "mobile";
}
