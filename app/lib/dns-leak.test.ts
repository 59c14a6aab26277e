import { describe, expect, it } from "vitest";
import { probeUrl } from "./dns-leak";

describe("probeUrl", () => {
  it.each([
    [{ zone: "leak.example.com", scheme: "https:", port: "" }, "https://a-0.leak.example.com/p.gif"],
    [{ zone: "leak.test", scheme: "http:", port: "4173" }, "http://a-0.leak.test:4173/p.gif"],
  ])("%o", (probe, expected) => {
    expect(probeUrl(probe, `a-0.${probe.zone}`, "/p.gif")).toBe(expected);
  });
});
