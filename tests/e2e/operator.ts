import type { APIRequestContext } from "@playwright/test";

/** The operator token of the e2e server (set in playwright.config.ts). */
export const E2E_OPERATOR_TOKEN = "e2e-operator-token-0123456789abcdef";

/** The consent cookie of a visitor who chose "Reject all" (strictly necessary cookies only). */
export const CONSENT_ANSWERED = {
  name: "cookie_consent",
  value: "v1.a0.m0",
  domain: "127.0.0.1",
  path: "/",
  expires: -1,
  httpOnly: false,
  secure: false,
  sameSite: "Lax" as const,
};

export function operator(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${E2E_OPERATOR_TOKEN}` };
  return {
    putPromotions: (document: unknown) => request.put("/api/operator/v1/promotions", { headers, data: document }),
    createCoupon: (coupon: Record<string, unknown>) =>
      request.post("/api/operator/v1/coupons", { headers, data: coupon }),
    report: (from: string, to: string) => request.get(`/api/operator/v1/report?from=${from}&to=${to}`, { headers }),
  };
}
