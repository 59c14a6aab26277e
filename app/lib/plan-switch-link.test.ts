import { describe, expect, it } from "vitest";
import { planSwitchLink } from "./plan-switch-link";

describe("planSwitchLink", () => {
  it.each([
    { path: "/myaccount", plan: "1-year", link: "/myaccount?switch=1-year#plan-switch" },
    { path: "/ar/myaccount", plan: "2 years&x", link: "/ar/myaccount?switch=2%20years%26x#plan-switch" },
    { path: "/de/myaccount", plan: undefined, link: "/de/myaccount#plan-switch" },
  ])("$path + $plan -> $link", ({ path, plan, link }) => {
    expect(planSwitchLink(path, plan)).toBe(link);
  });
});
