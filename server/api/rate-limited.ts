import type { Context } from "hono";
import { hitRateLimit, type RateLimitName } from "../../core/security/rate-limits";
import type { Database } from "../../db/client";
import type { AppEnv } from "../context";
import { errorReply } from "./envelope";

/**
 * Counts a hit against a limit; answers the 42900 envelope with Retry-After when the limit is
 * passed, or null to go on.
 */
export function rateLimiter(db: Database, message = "too many attempts, try again later") {
  return async (c: Context<AppEnv>, name: RateLimitName, subject: string) => {
    const result = await hitRateLimit(db, name, subject);
    if (result.allowed) return null;
    c.get("logger").warn({ limit: name }, "rate limit reached");
    return tooSoon(c, result.retryAfterSeconds, message);
  };
}

/** The 42900 envelope with Retry-After. */
export function tooSoon(c: Context<AppEnv>, retryAfterSeconds: number, message = "too many attempts, try again later") {
  c.header("Retry-After", String(retryAfterSeconds));
  return errorReply(c, "tooManyRequests", { retry_after: retryAfterSeconds }, message);
}
