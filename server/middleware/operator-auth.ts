import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { ipSubject } from "../../core/security/rate-limits";
import type { Database } from "../../db/client";
import { errorReply } from "../api/envelope";
import { rateLimiter } from "../api/rate-limited";
import type { AppEnv } from "../context";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * The operator API (/api/operator/*) answers only `Authorization: Bearer $OPERATOR_TOKEN`, or on
 * the paths that pass them, one of `also` (the VPN servers' own tokens, VPN_SERVER_TOKENS).
 * Without any token it is off (503); wrong tokens are counted per client address.
 */
export function requireOperator(
  db: Database,
  token: string | undefined,
  also: readonly string[] = [],
): MiddlewareHandler<AppEnv> {
  const expected = [...(token ? [token] : []), ...also].map(digest);
  const limited = rateLimiter(db, "too many refused operator tokens, try again later");
  return async (c, next) => {
    if (expected.length === 0) {
      return errorReply(c, "unavailable", null, "the operator API is off: set OPERATOR_TOKEN");
    }
    const header = c.req.header("authorization") ?? "";
    const given = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
    // Comparing digests keeps the comparison constant-time whatever the lengths; every token is compared.
    const givenDigest = digest(given);
    const matches = expected.filter((candidate) => timingSafeEqual(givenDigest, candidate)).length;
    if (given && matches > 0) return next();
    const refused = await limited(c, "operatorFailuresPerIp", ipSubject(c.get("clientAddress")));
    if (refused) return refused;
    c.header("WWW-Authenticate", 'Bearer realm="operator"');
    return errorReply(c, "operatorTokenRequired");
  };
}
