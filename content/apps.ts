/**
 * The download catalogue: where each platform's app is published, what it needs and which
 * application family of SPEC §1 it belongs to. Operators edit this file for their brand; the
 * words shown on the pages live in locales/<lang>/download.json.
 *
 * Store URLs are left empty on purpose: fill in `storeUrl` with the address of your own
 * listing (App Store, Google Play, Chrome Web Store, …) or of your installer. While a product has
 * no URL, its page says that the app is not available for download here yet and points to the
 * contact page instead of showing a dead button; its install steps (which start from that button
 * or the store listing) are left out, and /download marks it as not available here yet.
 *
 * The install steps in download.json (`install.<product>1`…`3`) are written for the store kind
 * set here; if you change a product's `storeKind`, check its steps too.
 */

import type { PlatformFamily } from "../universal/apps/app-registry";
import type { DownloadProduct } from "../universal/routing/sub-pages";

export type StoreKind =
  | "app-store"
  | "google-play"
  | "chrome-web-store"
  | "microsoft-store"
  | "direct"
  | "lg-content-store"
  | "samsung-apps";

export interface DownloadEntry {
  /** Where the button leads: the store listing or the installer. Undefined: no button yet. */
  storeUrl?: string;
  /** Decides the button's label (`store.<kind>` in download.json). */
  storeKind: StoreKind;
  /** The system requirements shown: `requirements.<requirement>` in download.json. */
  requirement: string;
  /** The SPEC §1 application family the app identifies itself as (universal/apps/app-registry.ts). */
  family: PlatformFamily;
}

export const DOWNLOADS: Record<DownloadProduct, DownloadEntry> = {
  windows: { storeUrl: undefined, storeKind: "direct", requirement: "windows", family: "Windows" },
  mac: { storeUrl: undefined, storeKind: "direct", requirement: "mac", family: "Mac" },
  ios: { storeUrl: undefined, storeKind: "app-store", requirement: "ios", family: "iOS" },
  android: { storeUrl: undefined, storeKind: "google-play", requirement: "android", family: "Android" },
  chrome: { storeUrl: undefined, storeKind: "chrome-web-store", requirement: "chrome", family: "Chrome extension" },
  // SPEC §1 has no tvOS family: an Apple TV app is published with, and identifies itself as, the iOS apps.
  "apple-tv": { storeUrl: undefined, storeKind: "app-store", requirement: "apple-tv", family: "iOS" },
  // TVs and streaming boxes with Android TV or Google TV; the page also covers the alternatives for other TVs.
  "smart-tv": { storeUrl: undefined, storeKind: "google-play", requirement: "smart-tv", family: "Android TV" },
  // Tizen and webOS apps are web applications; SPEC §1's only family for them is "Web".
  "samsung-tv": { storeUrl: undefined, storeKind: "samsung-apps", requirement: "samsung-tv", family: "Web" },
  "lg-tv": { storeUrl: undefined, storeKind: "lg-content-store", requirement: "lg-tv", family: "Web" },
};

/** The order of the platforms on /download and in the "other platforms" links. */
export const DOWNLOAD_ORDER: readonly DownloadProduct[] = [
  "windows",
  "mac",
  "ios",
  "android",
  "chrome",
  "apple-tv",
  "smart-tv",
  "samsung-tv",
  "lg-tv",
];

/** The download address of a product, or undefined while the operator has not set one. */
export function downloadLink(product: DownloadProduct): string | undefined {
  const url = DOWNLOADS[product].storeUrl?.trim();
  return url ? url : undefined;
}
