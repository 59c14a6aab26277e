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
    if (!response.ok) {
      // SPEC §8: a manifest that fails to load is only logged.
      console.warn(`Failed to load the build manifest: HTTP ${response.status}`);
      return;
    }
    const { version } = (await response.json()) as { version?: string };
    if (version && version !== mine) newer = true;
  } catch (error) {
    // Offline: ask again next time (SPEC §8: only logged).
    console.warn("Failed to load the build manifest:", error);
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
