/**
 * Where /redirect?url=… may send a visitor: a path on this site, or an http(s) address on an
 * allow-listed host (or a subdomain of one). Anything else (other hosts, other schemes,
 * protocol-relative `//host`, credentials in the URL) is refused: the page is no open redirect.
 */
export type RedirectTarget =
  | { status: "ok"; href: string; host: string | null }
  | { status: "missing" }
  | { status: "refused"; host: string | null };

export function redirectTarget(raw: string | null, allowedHosts: readonly string[]): RedirectTarget {
  const value = raw?.trim() ?? "";
  if (!value) return { status: "missing" };
  if (value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")) {
    return { status: "ok", href: value, host: null };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { status: "refused", host: null };
  }
  const host = url.hostname.toLowerCase();
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password) {
    return { status: "refused", host };
  }
  const allowed = allowedHosts.some((entry) => {
    const allowedHost = entry.toLowerCase();
    return host === allowedHost || host.endsWith(`.${allowedHost}`);
  });
  return allowed ? { status: "ok", href: url.toString(), host } : { status: "refused", host };
}
