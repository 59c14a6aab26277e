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

/**
 * One cookie as `document.cookie` takes it and as a `Set-Cookie` header carries it (the server
 * remembers some choices itself, for visitors without JavaScript). maxAgeDays 0 deletes it.
 */
export function cookieText(name: string, value: string, maxAgeDays: number, secure: boolean): string {
  const maxAge = Math.round(maxAgeDays * 24 * 60 * 60);
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** maxAgeDays 0 deletes the cookie. */
export function writeCookie(name: string, value: string, maxAgeDays: number): void {
  if (typeof document === "undefined") return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
  document.cookie = cookieText(name, value, maxAgeDays, location.protocol === "https:");
}

export function deleteCookie(name: string): void {
  writeCookie(name, "", 0);
}
