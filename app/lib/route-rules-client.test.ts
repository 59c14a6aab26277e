import { afterEach, describe, expect, it, vi } from "vitest";
import { isAbsoluteTarget, routeRedirectFor } from "./route-rules-client";

describe("route rules in the browser", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks once per path and reads the redirect", async () => {
    const fetcher = vi.fn(async () =>
      Response.json({ code: 200, data: { redirect: "/de/pricing", permanent: false } }),
    );
    vi.stubGlobal("fetch", fetcher);
    expect(await routeRedirectFor("/de/black-friday")).toBe("/de/pricing");
    expect(await routeRedirectFor("/de/black-friday")).toBe("/de/pricing");
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(String((fetcher.mock.calls[0] as unknown[])[0])).toBe(
      "/api/mms/config/v1/route_rule?path=%2Fde%2Fblack-friday",
    );
  });

  it("treats a failed lookup as no rule", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("offline");
    });
    expect(await routeRedirectFor("/offline-path")).toBeNull();
  });

  it("sends absolute URLs out of the app and keeps site paths inside", () => {
    expect(isAbsoluteTarget("https://shop.example/x")).toBe(true);
    expect(isAbsoluteTarget("/pricing")).toBe(false);
  });
});
