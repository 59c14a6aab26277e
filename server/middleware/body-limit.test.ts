import { describe, expect, it } from "vitest";
import { MAX_BATCH_BYTES } from "../../core/analytics/events";
import { bodyLimitFor, DEFAULT_BODY_LIMIT_BYTES, LARGE_BODY_LIMIT_BYTES } from "./body-limit";

describe("bodyLimitFor", () => {
  it.each([
    ["/", DEFAULT_BODY_LIMIT_BYTES],
    ["/login", DEFAULT_BODY_LIMIT_BYTES],
    ["/de/contact", DEFAULT_BODY_LIMIT_BYTES],
    ["/api/mms/account/v1/web/login", DEFAULT_BODY_LIMIT_BYTES],
    ["/api/mms/analytics/v1/events", DEFAULT_BODY_LIMIT_BYTES],
    ["/api/webhooks/stripe/production", LARGE_BODY_LIMIT_BYTES],
    ["/api/webhooks/sandbox", LARGE_BODY_LIMIT_BYTES],
    ["/api/operator/v1/promotions", LARGE_BODY_LIMIT_BYTES],
    ["/api/webhooksx", DEFAULT_BODY_LIMIT_BYTES],
    ["/de/api/webhooks/stripe", DEFAULT_BODY_LIMIT_BYTES],
  ])("%s may carry %i bytes", (path, limit) => {
    expect(bodyLimitFor(path)).toBe(limit);
  });

  it("is the analytics batch limit the events contract documents", () => {
    expect(bodyLimitFor("/api/mms/analytics/v1/events")).toBe(MAX_BATCH_BYTES);
  });
});
