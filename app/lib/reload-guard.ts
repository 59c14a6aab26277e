/**
 * Guards for the full-page reloads the client may do (SPEC §2): after a new build, at most one
 * reload per path every 10 s; in compatibility mode, one reload per unknown path per session.
 * The records live in sessionStorage so they survive the reload they guard.
 */

export const RELOAD_GUARD_MS = 10_000;
const RELOADS_KEY = "reload_guard";
const COMPAT_KEY = "compat_reloaded";

export type ReloadLog = Record<string, number>;

/** True when `path` was not reloaded within the last 10 s. */
export function mayReload(log: ReloadLog, path: string, now: number): boolean {
  const last = log[path];
  return last === undefined || now - last >= RELOAD_GUARD_MS || now < last;
}

/** The log with this reload recorded and entries older than the guard dropped. */
export function withReload(log: ReloadLog, path: string, now: number): ReloadLog {
  const kept: ReloadLog = {};
  for (const [key, at] of Object.entries(log)) if (now - at < RELOAD_GUARD_MS) kept[key] = at;
  kept[path] = now;
  return kept;
}

function readJson<T>(key: string, fallback: T): T {
  try {
    return (JSON.parse(sessionStorage.getItem(key) ?? "null") as T | null) ?? fallback;
  } catch {
    return fallback;
  }
}

/** Records and allows a new-build reload of `path`, or refuses it within the guard time. */
export function claimBuildReload(path: string, now = Date.now()): boolean {
  const log = readJson<ReloadLog>(RELOADS_KEY, {});
  if (!mayReload(log, path, now)) return false;
  sessionStorage.setItem(RELOADS_KEY, JSON.stringify(withReload(log, path, now)));
  return true;
}

/** Compatibility mode: the first time this session a path is unknown to the client, reload it once. */
export function claimCompatReload(path: string): boolean {
  const done = readJson<string[]>(COMPAT_KEY, []);
  if (done.includes(path)) return false;
  sessionStorage.setItem(COMPAT_KEY, JSON.stringify([...done, path].slice(-50)));
  return true;
}
