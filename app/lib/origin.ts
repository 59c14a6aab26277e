/**
 * Absolute URLs (canonical, hreflang, Open Graph) need the site's public origin, which a
 * build-time prerender does not know. Prerendered pages carry this placeholder; the server
 * replaces it with PUBLIC_ORIGIN (or the request's origin) when it serves them.
 */
export const ORIGIN_PLACEHOLDER = "https://veilport-origin.invalid";
