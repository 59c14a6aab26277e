import { beforeEach, describe, expect, it } from "vitest";
import { claimBuildReload, claimCompatReload, mayReload, RELOAD_GUARD_MS, withReload } from "./reload-guard";

describe("new-build reload guard (10 s per path)", () => {
  it("allows a path never reloaded, refuses it for 10 s after, allows it again", () => {
    const log = withReload({}, "/pricing", 1_000);
    expect(mayReload({}, "/pricing", 1_000)).toBe(true);
    expect(mayReload(log, "/pricing", 1_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(mayReload(log, "/pricing", 1_000 + RELOAD_GUARD_MS)).toBe(true);
  });

  it("guards each path on its own", () => {
    const log = withReload({}, "/pricing", 1_000);
    expect(mayReload(log, "/features", 1_001)).toBe(true);
  });

  it("forgets entries older than the guard", () => {
    const log = withReload(withReload({}, "/a", 0), "/b", RELOAD_GUARD_MS + 1);
    expect(Object.keys(log)).toEqual(["/b"]);
  });

  it("does not lock a path forever when the clock went back", () => {
    expect(mayReload({ "/a": 50_000 }, "/a", 10_000)).toBe(true);
  });
});

describe("guards kept in sessionStorage", () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    globalThis.sessionStorage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
      clear: () => store.clear(),
      key: () => null,
      length: 0,
    } as Storage;
  });

  it("claims a build reload once per path within 10 s", () => {
    expect(claimBuildReload("/pricing", 5_000)).toBe(true);
    expect(claimBuildReload("/pricing", 9_000)).toBe(false);
    expect(claimBuildReload("/pricing", 15_000)).toBe(true);
  });

  it("reloads an unknown path once per session in compatibility mode", () => {
    expect(claimCompatReload("/new-page")).toBe(true);
    expect(claimCompatReload("/new-page")).toBe(false);
    expect(claimCompatReload("/other")).toBe(true);
  });
});
