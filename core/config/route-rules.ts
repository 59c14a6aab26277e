import { z } from "zod";
import { type Locale, localizePath, splitLocale } from "../../universal/i18n/locales";

/**
 * Route rules (SPEC §7): the operator sends a page path elsewhere. The path is stored without
 * language prefix and matches every language; a site target keeps the visitor's language.
 */

export const MAX_RULE_PATH_LENGTH = 200;
export const MAX_RULE_TARGET_LENGTH = 500;
/** The whole table is cached per process, so it stays small. */
export const MAX_ROUTE_RULES = 1000;

export interface RouteRule {
  path: string;
  target: string;
  permanent: boolean;
}

/** Paths served by the server itself, never pages: a rule there would hijack the API or assets. */
const RESERVED_PREFIXES = ["/api", "/assets", "/ws", "/sandbox", "/dev", "/healthz", "/readyz"];
/** RFC 3986 path characters; no backslash, which browsers read as "/" (so "/\evil.com" would leave the site). */
const PATH_CHARS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*$/;
const QUERY_AND_FRAGMENT_CHARS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?#%]*$/;
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** What makes a path non-canonical for page-redirects (SPEC §2): a rule on it would never be reached or would loop. */
function canonicalPathProblem(path: string): string | null {
  if (path.includes("//")) return "must not contain //";
  if (path.length > 1 && path.endsWith("/")) return "must not end with /";
  if (splitLocale(path).prefixed) return "must not start with a language prefix: the rule applies to every language";
  if (path === "/home") return "use / for the home page";
  return null;
}

/** Why a rule path is refused, or null when it is a page path a rule may redirect. */
export function rulePathProblem(path: string): string | null {
  if (!path.startsWith("/")) return "must start with /";
  if (path.length > MAX_RULE_PATH_LENGTH) return `must be at most ${MAX_RULE_PATH_LENGTH} characters`;
  if (!PATH_CHARS.test(path)) return "must be a plain path: no spaces, backslashes, query or fragment";
  const canonical = canonicalPathProblem(path);
  if (canonical) return canonical;
  if (RESERVED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
    return "must be a page path, not an API or asset path";
  }
  if (/\.[a-z0-9]+$/i.test(path)) return "must be a page path, not a file";
  return null;
}

/** A site path target split into its path, query ("?a=1" or "") and fragment ("#x" or ""). */
function splitSiteTarget(target: string) {
  const hashAt = target.indexOf("#");
  const hash = hashAt < 0 ? "" : target.slice(hashAt);
  const beforeHash = hashAt < 0 ? target : target.slice(0, hashAt);
  const queryAt = beforeHash.indexOf("?");
  return {
    path: queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt),
    query: queryAt < 0 ? "" : beforeHash.slice(queryAt),
    hash,
  };
}

export function isSiteTarget(target: string): boolean {
  return target.startsWith("/");
}

/** Why a target is refused, or null for a site path ("/pricing?x=1") or an https URL (http only for localhost). */
export function ruleTargetProblem(target: string): string | null {
  if (target.length > MAX_RULE_TARGET_LENGTH) return `must be at most ${MAX_RULE_TARGET_LENGTH} characters`;
  if (isSiteTarget(target)) {
    if (target.startsWith("//") || target.startsWith("/\\")) return "must be a path on this site or an https:// URL";
    if (!QUERY_AND_FRAGMENT_CHARS.test(target)) return "must be a plain path: no spaces or backslashes";
    const { path } = splitSiteTarget(target);
    const canonical = canonicalPathProblem(path);
    return canonical ? `path ${canonical}` : null;
  }
  // Anything else must be an absolute URL that browsers read exactly as written.
  if (!/^[\x21-\x7e]+$/.test(target) || target.includes("\\")) {
    return "must be plain ASCII without spaces or backslashes (punycode for other host names)";
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return "must be a path on this site or an https:// URL";
  }
  if (!/^https?:\/\//i.test(target)) return "must be a path on this site or an https:// URL";
  if (url.protocol === "http:" && !LOCAL_HOSTS.has(url.hostname)) return "must use https:// (http only for localhost)";
  if (url.username || url.password) return "must not contain credentials";
  return null;
}

export const routeRuleSchema = z
  .object({
    path: z.string().superRefine((path, ctx) => {
      const problem = rulePathProblem(path);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    target: z.string().superRefine((target, ctx) => {
      const problem = ruleTargetProblem(target);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    permanent: z.boolean().default(false),
  })
  .refine((rule) => !(isSiteTarget(rule.target) && splitSiteTarget(rule.target).path === rule.path), {
    message: "must differ from path",
    path: ["target"],
  });

/**
 * Whether adding the rule would make a redirect loop through the existing site-path rules
 * (/a -> /b, /b -> /a): the browser would bounce between them until it gives up.
 */
export function wouldLoop(rule: RouteRule, existing: ReadonlyMap<string, RouteRule>): boolean {
  const rules = new Map(existing);
  rules.set(rule.path, rule);
  const seen = new Set<string>([rule.path]);
  let current = rule;
  while (isSiteTarget(current.target)) {
    const next = splitSiteTarget(current.target).path;
    if (seen.has(next)) return true;
    seen.add(next);
    const found = rules.get(next);
    if (!found) return false;
    current = found;
  }
  return false;
}

/**
 * Where a rule sends a request in the given language: a site target gets the language prefix and
 * the request's query (after the target's own); an absolute URL is used as it is.
 */
export function redirectLocation(target: string, locale: Locale, search = ""): string {
  if (!isSiteTarget(target)) return target;
  const { path, query, hash } = splitSiteTarget(target);
  const extra = search.startsWith("?") ? search.slice(1) : search;
  const mergedQuery = query && extra ? `${query}&${extra}` : query || (extra ? `?${extra}` : "");
  return `${localizePath(path, locale)}${mergedQuery}${hash}`;
}
