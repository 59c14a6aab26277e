import { describe, expect, it } from "vitest";
import {
  type RouteRule,
  redirectLocation,
  routeRuleSchema,
  rulePathProblem,
  ruleTargetProblem,
  wouldLoop,
} from "./route-rules";

describe("rule paths", () => {
  it.each(["/", "/black-friday", "/deals/summer-2026", "/a_b~c"])("accept the page path %s", (path) => {
    expect(rulePathProblem(path)).toBeNull();
  });

  it.each([
    ["black-friday", "must start with /"],
    ["/de/black-friday", "language prefix"],
    ["/ru", "language prefix"],
    ["/a//b", "//"],
    ["//evil.com", "//"],
    ["/deals/", "must not end with /"],
    ["/home", "use / for the home page"],
    ["/api", "API or asset"],
    ["/api/mms/x", "API or asset"],
    ["/assets/entry.js", "API or asset"],
    ["/ws/mm/x", "API or asset"],
    ["/sandbox/checkout/1", "API or asset"],
    ["/dev/outbox", "API or asset"],
    ["/healthz", "API or asset"],
    ["/robots.txt", "not a file"],
    ["/a b", "plain path"],
    ["/a\\b", "plain path"],
    ["/x?y=1", "plain path"],
    [`/${"a".repeat(200)}`, "at most 200"],
  ])("refuse %s", (path, problem) => {
    expect(rulePathProblem(path)).toContain(problem);
  });

  it("keep pages that merely start like a reserved word", () => {
    expect(rulePathProblem("/apis")).toBeNull();
    expect(rulePathProblem("/development")).toBeNull();
    expect(rulePathProblem("/desk")).toBeNull();
  });
});

describe("rule targets", () => {
  it.each([
    "/pricing",
    "/",
    "/pricing?plan=yearly#faq",
    "https://shop.example.com/black-friday?utm_source=site",
    "http://localhost:5173/x",
    "http://127.0.0.1/x",
  ])("accept %s", (target) => {
    expect(ruleTargetProblem(target)).toBeNull();
  });

  it.each([
    ["//evil.com", "site or an https"],
    ["/\\evil.com", "site or an https"],
    ["javascript:alert(1)", "https"],
    ["data:text/html,x", "https"],
    ["http://evil.com/", "must use https"],
    ["https://user:pw@evil.com/", "credentials"],
    ["https://evil .com/", "spaces"],
    ["https:\\\\evil.com", "backslashes"],
    ["ftp://files.example.com/", "https"],
    ["pricing", "https"],
    ["/de/pricing", "language prefix"],
    ["/pricing/", "must not end with /"],
    ["/home", "use / for the home page"],
    ["/a b", "plain path"],
    [`https://example.com/${"a".repeat(500)}`, "at most 500"],
  ])("refuse %s", (target, problem) => {
    expect(ruleTargetProblem(target)).toContain(problem);
  });
});

describe("rule schema", () => {
  it("fills permanent and refuses a target equal to the path", () => {
    expect(routeRuleSchema.parse({ path: "/a", target: "/b" })).toEqual({ path: "/a", target: "/b", permanent: false });
    const same = routeRuleSchema.safeParse({ path: "/a", target: "/a?x=1" });
    expect(same.success).toBe(false);
    expect(same.error?.issues[0]?.path).toEqual(["target"]);
  });

  it("reports each bad field with its path", () => {
    const result = routeRuleSchema.safeParse({ path: "/de/a", target: "javascript:alert(1)" });
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["path", "target"]);
  });
});

describe("redirect loops", () => {
  const existing = new Map<string, RouteRule>([
    ["/b", { path: "/b", target: "/c", permanent: false }],
    ["/c", { path: "/c", target: "/a?from=c", permanent: false }],
    ["/x", { path: "/x", target: "https://example.com/", permanent: false }],
  ]);

  it("are found through a chain of site rules", () => {
    expect(wouldLoop({ path: "/a", target: "/b", permanent: false }, existing)).toBe(true);
  });

  it("are not found when the chain ends at a page or an external URL", () => {
    expect(wouldLoop({ path: "/a", target: "/pricing", permanent: false }, existing)).toBe(false);
    expect(wouldLoop({ path: "/a", target: "/x", permanent: false }, existing)).toBe(false);
    // Replacing /c's rule breaks the old cycle.
    expect(wouldLoop({ path: "/c", target: "/pricing", permanent: false }, existing)).toBe(false);
  });
});

describe("redirect location", () => {
  it("keeps the request's language for a site target", () => {
    expect(redirectLocation("/pricing", "en")).toBe("/pricing");
    expect(redirectLocation("/pricing", "de")).toBe("/de/pricing");
    expect(redirectLocation("/", "de")).toBe("/de");
  });

  it("keeps the request's query after the target's own, before its fragment", () => {
    expect(redirectLocation("/pricing", "fr", "?utm_source=x")).toBe("/fr/pricing?utm_source=x");
    expect(redirectLocation("/pricing?plan=1#faq", "en", "?utm_source=x")).toBe("/pricing?plan=1&utm_source=x#faq");
    expect(redirectLocation("/pricing#faq", "de", "")).toBe("/de/pricing#faq");
  });

  it("uses an absolute URL as it is", () => {
    expect(redirectLocation("https://shop.example.com/x", "de", "?a=1")).toBe("https://shop.example.com/x");
  });
});
