import { describe, expect, it } from "vitest";
import { APP_PAGE_PATHS, pageKindOfPath } from "./page-kind";
import { PAGES } from "./pages";

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

describe("APP_PAGE_PATHS", () => {
  it("lists exactly the route table's app pages, with their paths", () => {
    const apps = Object.fromEntries(PAGES.filter((page) => page.kind === "app").map((page) => [page.key, page.path]));
    expect(APP_PAGE_PATHS).toEqual(apps);
  });
});
