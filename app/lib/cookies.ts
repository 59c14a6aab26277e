/** Reading and writing first-party cookies in the browser (SameSite=Lax; Secure on https). */

export function readCookies(source: string = typeof document === "undefined" ? "" : document.cookie) {
  const cookies: Record<string, string> = {};
  for (const part of source.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    try {
      cookies[name] = decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      // A cookie someone else wrote badly is skipped, not fatal.
    }
  }
  return cookies;
}

export function readCookie(name: string): string | undefined {
  return readCookies()[name];
}

/** maxAgeDays 0 deletes the cookie. */
export function writeCookie(name: string, value: string, maxAgeDays: number): void {
  if (typeof document === "undefined") return;
  const secure = location.protocol === "https:" ? "; Secure" : "";
  const maxAge = Math.round(maxAgeDays * 24 * 60 * 60);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  writeCookie(name, "", 0);
}
