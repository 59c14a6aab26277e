import { describe, expect, it } from "vitest";
import { pageKindOfPath } from "./page-kind";

describe("pageKindOfPath", () => {
  it.each([
    ["/", "document"],
    ["/de", "document"],
    ["/pricing", "document"],
    ["/ar/pricing", "document"],
    ["/blog/category/privacy", "document"],
    ["/download/windows", "document"],
    ["/no-such-page", "document"],
    ["/login", "app"],
    ["/ja/login", "app"],
    ["/myaccount", "app"],
    ["/pricing/checkout/plan-12m", "app"],
    ["/paystatus", "app"],
    ["/what-is-my-ip", "app"],
    ["/fr/webrtc-leak-test", "app"],
  ] as const)("%s is a %s", (path, kind) => {
    expect(pageKindOfPath(path)).toBe(kind);
  });
});
