import { describe, expect, it } from "vitest";
import {
  assertKnownMiddleware,
  concreteRoutes,
  PAGES,
  type PageDefinition,
  pageByKey,
  pageKeyOfRouteId,
} from "./pages";

describe("the route table", () => {
  it("covers every route of SPEC §2 once", () => {
    const paths = PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining([
        "",
        "404",
        "blog/:unikey",
        "blog/category/:category",
        "blog/tag/:tagId",
        "download/:product",
        "pricing/checkout/:id?",
        "vpn-for-social-media/:id",
        "vpn-server/:region",
        "what-is-my-ip",
        "webrtc-leak-test",
        "dns-leak-test",
        "connection-check",
        "cookie-policy-2025",
        "myaccount/receipts/:orderId",
        "myaccount/email-undo",
        "redeem",
        "operator",
      ]),
    );
    expect(PAGES).toHaveLength(42);
  });

  it("expands sub-pages and leaves an optional id out", () => {
    expect(concreteRoutes(pageByKey("download-product") as PageDefinition)).toHaveLength(9);
    expect(concreteRoutes(pageByKey("vpn-server-region") as PageDefinition).map((route) => route.path)).toContain(
      "/vpn-server/hongkong",
    );
    expect(concreteRoutes(pageByKey("checkout") as PageDefinition)).toEqual([
      { path: "/pricing/checkout", params: {} },
    ]);
    expect(concreteRoutes(pageByKey("home") as PageDefinition)).toEqual([{ path: "/", params: {} }]);
  });

  it("fails on an unknown middleware name, naming it", () => {
    expect(() => assertKnownMiddleware(PAGES)).not.toThrow();
    const broken = [...PAGES, { ...(pageByKey("login") as PageDefinition), key: "x", middleware: ["authz"] }];
    expect(() => assertKnownMiddleware(broken)).toThrow(/unknown middleware "authz"/);
  });

  it("reads page keys back from route ids", () => {
    expect(pageKeyOfRouteId("page:pricing")).toBe("pricing");
    expect(pageKeyOfRouteId("page:not-found:catch-all")).toBe("not-found");
    expect(pageKeyOfRouteId("layout-default")).toBeUndefined();
  });
});
