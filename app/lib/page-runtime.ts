/**
 * The browser-only work around pages (attribution, build updates, route rules; analytics loads on
 * consent, analytics-gate.ts), loaded
 * as its own chunk after hydration so it never delays a page becoming interactive.
 */
export { startAttribution } from "./attribution-client";
export { newerBuildAvailable, startBuildPolling } from "./build-update";
export { claimBuildReload, claimCompatReload } from "./reload-guard";
export { isAbsoluteTarget, routeRedirectFor } from "./route-rules-client";
