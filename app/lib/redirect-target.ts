/**
 * The one decision for every redirect a visitor's input names (/redirect?url=…, /login?redirect=…):
 * the target is resolved against this site's origin exactly as a browser would resolve it
 * (`new URL(target, origin)`: tabs and newlines dropped, backslashes read as slashes, `//host`
 * and `https:host` resolved), and accepted only if the result is on this origin, or, when
 * allow-listed hosts are given, an http(s) address on one of them or a subdomain of one.
 * Credentials in the URL (`https://vpn.example.com@evil.example`) and other schemes
 * (`javascript:`, `data:`) are refused. The page is no open redirect.
 */
export type RedirectTarget =
  /** `href` is a path for this site (host null), else the normalised absolute URL. */
  | { status: "ok"; href: string; host: string | null }
  | { status: "missing" }
  | { status: "refused"; host: string | null };

export function redirectTarget(
  raw: string | null | undefined,
  origin: string,
  allowedHosts: readonly string[] = [],
): RedirectTarget {
  const value = raw?.trim() ?? "";
  if (!value) return { status: "missing" };
  let url: URL;
  let site: URL;
  try {
    site = new URL(origin);
    url = new URL(value, site);
  } catch {
    return { status: "refused", host: null };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { status: "refused", host: null };
  const host = url.hostname.toLowerCase();
  if (url.username || url.password) return { status: "refused", host };
  if (url.origin === site.origin) {
    // Given back as a path, whatever host name the visitor used; never `//…`, which would leave.
    return { status: "ok", href: `/${url.pathname.replace(/^\/+/, "")}${url.search}${url.hash}`, host: null };
  }
  const allowed = allowedHosts.some((entry) => {
    const allowedHost = entry.toLowerCase();
    return host === allowedHost || host.endsWith(`.${allowedHost}`);
  });
  return allowed ? { status: "ok", href: url.href, host } : { status: "refused", host };
}

/** Where to go after signing in: the requested page on this site, else the fallback. */
export function sameSiteRedirect(raw: string | null | undefined, origin: string, fallback: string): string {
  const target = redirectTarget(raw, origin);
  return target.status === "ok" && target.host === null ? target.href : fallback;
}
