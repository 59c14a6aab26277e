import { LOADING_OVERLAY_CLASS, LOADING_SPINNER_CLASS } from "../lib/loading-overlay";

/**
 * The loading overlay (SPEC §4) over the element it sits in while `busy`; that element says
 * aria-busy and is `relative`. The same markup as the islands' setBusyOverlay.
 */
export function LoadingOverlay({ busy }: { busy: boolean | undefined }) {
  if (!busy) return null;
  return (
    <div data-loading-overlay="" aria-hidden="true" className={LOADING_OVERLAY_CLASS}>
      <span className={LOADING_SPINNER_CLASS} />
    </div>
  );
}
