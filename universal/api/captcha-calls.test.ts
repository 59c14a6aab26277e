import { describe, expect, it } from "vitest";
import { CAPTCHA_CALLS, captchaAliasPath, captchaCallOf, captchaRequest } from "./captcha-calls";

describe("captcha calls (SPEC §7 variants)", () => {
  it.each([
    ["/api/mms/account/v1/web/login", "r2"],
    ["/ws/mm/reca/r2/account/v1/web/login", "r2"],
    ["/ws/mm/reca/r3/account/v1/web/login", undefined],
    ["/api/mms/account/v1/web/anonymous_signup", "r3"],
    ["/ws/mm/reca/r2/account/v1/web/anonymous_signup", undefined],
    ["/api/mms/payment/v1/providers/s1/create_subscription", "r3"],
    ["/ws/mm/reca/r3/payment/v1/providers/common/pd/prepurchase", "r3"],
    ["/ws/mm/reca/r3/payment/v1/providers/ps/purchase", "r3"],
    ["/api/mms/payment/v1/providers//purchase", undefined],
    ["/api/mms/payment/v1/providers/ps/purchase_result", undefined],
    ["/api/mms/report/v1/contact_us", "r3"],
    ["/api/mms/account/v1/web/profile", undefined],
  ])("%s is %s", (path, variant) => {
    expect(captchaCallOf(path)?.variant).toBe(variant);
  });

  it("gives every call one alias under its variant", () => {
    for (const call of CAPTCHA_CALLS) {
      expect(captchaAliasPath(call.path, call.variant)).toBe(
        call.path.replace("/api/mms/", `/ws/mm/reca/${call.variant}/`),
      );
    }
    expect(() => captchaAliasPath("/ws/mm/x", "r2")).toThrow();
  });

  it("sends recasign in the body of a POST, on its variant's alias", () => {
    expect(captchaRequest("POST", "/api/mms/account/v1/web/login", { email: "a@b.c" }, "tok")).toEqual({
      path: "/ws/mm/reca/r2/account/v1/web/login",
      body: { email: "a@b.c", recasign: "tok" },
    });
    expect(captchaRequest("POST", "/api/mms/payment/v1/providers/rz/purchase", {}, "t")).toEqual({
      path: "/ws/mm/reca/r3/payment/v1/providers/rz/purchase",
      body: { recasign: "t" },
    });
  });

  it("sends recasign in the query string of a GET, and refuses a path that carries no captcha", () => {
    // SPEC §7 lists no GET captcha call today; the helper is ready for one.
    const calls = [...CAPTCHA_CALLS, { method: "GET" as const, path: "/api/mms/x/v1/lookup", variant: "r3" as const }];
    const payload = { page: 2, q: "a b", none: undefined };
    expect(captchaRequest("GET", "/api/mms/x/v1/lookup", payload, "t+k", calls)).toEqual({
      path: "/ws/mm/reca/r3/x/v1/lookup?page=2&q=a+b&recasign=t%2Bk",
    });
    expect(() => captchaRequest("POST", "/api/mms/account/v1/web/profile", {}, "t")).toThrow(/no captcha/);
  });
});
