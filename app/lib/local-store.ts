/**
 * Local storage entries are a value plus an expiry timestamp (SPEC §3). Expired or unreadable
 * entries read as absent and are removed.
 */
export interface StoredEntry<T> {
  value: T;
  /** Milliseconds since the epoch; null for no expiry. */
  expiresAt: number | null;
}

export function encodeEntry<T>(value: T, ttlMs: number | null, now = Date.now()): string {
  return JSON.stringify({ value, expiresAt: ttlMs === null ? null : now + ttlMs } satisfies StoredEntry<T>);
}

export function decodeEntry<T>(raw: string | null, now = Date.now()): T | undefined {
  if (!raw) return undefined;
  try {
    const entry = JSON.parse(raw) as StoredEntry<T>;
    if (typeof entry !== "object" || entry === null || !("value" in entry)) return undefined;
    if (entry.expiresAt !== null && entry.expiresAt <= now) return undefined;
    return entry.value;
  } catch {
    return undefined;
  }
}

export function readStored<T>(key: string): T | undefined {
  if (typeof localStorage === "undefined") return undefined;
  const value = decodeEntry<T>(localStorage.getItem(key));
  if (value === undefined) localStorage.removeItem(key);
  return value;
}

export function writeStored<T>(key: string, value: T, ttlMs: number | null = null): void {
  if (typeof localStorage === "undefined") return;
  localStorage.setItem(key, encodeEntry(value, ttlMs));
}

export function removeStored(key: string): void {
  if (typeof localStorage !== "undefined") localStorage.removeItem(key);
}
