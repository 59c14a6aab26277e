/**
 * Notices a newer build (SPEC §2): polls /build.json (with a timestamp query, past every cache)
 * and compares its version with the one this page was built from.
 */

export const BUILD_POLL_MS = 5 * 60 * 1000;
let newer = false;
let started = false;
let lastCheck = 0;

function currentVersion(): string | undefined {
  return (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version;
}

async function check(): Promise<void> {
  lastCheck = Date.now();
  const mine = currentVersion();
  if (!mine || newer) return;
  try {
    const response = await fetch(`/build.json?t=${Date.now()}`, { cache: "no-store" });
    if (!response.ok) return;
    const { version } = (await response.json()) as { version?: string };
    if (version && version !== mine) newer = true;
  } catch {
    // Offline: ask again next time.
  }
}

export function startBuildPolling(): void {
  if (started) return;
  started = true;
  setInterval(() => void check(), BUILD_POLL_MS);
  // A tab left in the background for hours checks as soon as it is looked at again.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && Date.now() - lastCheck > 60_000) void check();
  });
}

export function newerBuildAvailable(): boolean {
  return newer;
}
