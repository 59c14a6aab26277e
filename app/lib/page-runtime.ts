/**
 * The browser-only work around pages (analytics, attribution, build updates, route rules), loaded
 * as its own chunk after hydration so it never delays a page becoming interactive.
 */
export { startAnalytics, trackPageShow } from "./analytics-client";
export { startAttribution } from "./attribution-client";
export { newerBuildAvailable, startBuildPolling } from "./build-update";
export { claimBuildReload, claimCompatReload } from "./reload-guard";
export { isAbsoluteTarget, routeRedirectFor } from "./route-rules-client";
