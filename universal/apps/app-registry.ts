/**
 * The application identifiers of SPEC §1 (`X-App-Type`), each with its platform family and
 * product name. SPEC §1 lists the identifiers, families and products but not the pairing; this
 * table is our pairing (docs/decisions/008-app-registry.md), kept as data.
 */
export const PLATFORM_FAMILIES = ["iOS", "Mac", "Android", "Android TV", "Chrome extension", "Windows", "Web"] as const;
export type PlatformFamily = (typeof PLATFORM_FAMILIES)[number];

export interface AppInfo {
  id: number;
  family: PlatformFamily;
  product: string;
}

const table: Array<[number, PlatformFamily, string]> = [
  [1, "iOS", "Master"],
  [2, "iOS", "MasterPro"],
  [3, "iOS", "Snap"],
  [4, "iOS", "Turbo"],
  [5, "iOS", "Robot"],
  [6, "iOS", "Hot"],
  [7, "iOS", "Monster"],
  [12, "iOS", "Sofast"],
  [13, "iOS", "ProLite"],
  [15, "iOS", "TurboLite"],
  [101, "Android", "Master"],
  [102, "Android", "MasterPro"],
  [103, "Android", "Snap"],
  [104, "Android", "Turbo"],
  [105, "Android", "Robot"],
  [106, "Android", "Hot"],
  [107, "Android", "Monster"],
  [108, "Android", "Sofast"],
  [109, "Android", "SuperNet"],
  [114, "Android", "SDK WiFi Browser"],
  [115, "Android", "TurboNovel"],
  [201, "Mac", "Master"],
  [301, "Android TV", "Master"],
  [302, "Android TV", "Turbo"],
  [401, "Chrome extension", "Master"],
  [402, "Chrome extension", "Signal"],
  [501, "Web", "Master"],
  [502, "Web", "MasterPro"],
  [503, "Web", "Signal"],
  [512, "Windows", "Master"],
];

export const APPS: ReadonlyMap<number, AppInfo> = new Map(
  table.map(([id, family, product]) => [id, { id, family, product }]),
);

/** Parses an X-App-Type header value; undefined when missing, malformed or not a known app. */
export function appFromHeader(value: string | undefined | null): AppInfo | undefined {
  if (!value || !/^\d{1,4}$/.test(value.trim())) return undefined;
  return APPS.get(Number(value.trim()));
}

/** Browser clients get the session in a cookie; every other app gets a bearer token. */
export function isBrowserApp(app: AppInfo): boolean {
  return app.family === "Web";
}
