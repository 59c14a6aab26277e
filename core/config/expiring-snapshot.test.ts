import { describe, expect, it } from "vitest";
import { expiringSnapshot } from "./expiring-snapshot";

function counter() {
  let loads = 0;
  let clock = 0;
  return {
    load: async () => ++loads,
    now: () => clock,
    advance: (ms: number) => {
      clock += ms;
    },
    loads: () => loads,
  };
}

describe("expiring snapshot", () => {
  it("loads once per ttl", async () => {
    const source = counter();
    const snapshot = expiringSnapshot(source.load, { ttlMs: 30_000, now: source.now });
    expect(await snapshot.get()).toBe(1);
    source.advance(29_999);
    expect(await snapshot.get()).toBe(1);
    source.advance(1);
    expect(await snapshot.get()).toBe(2);
  });

  it("peeks at a fresh value only, never loading", async () => {
    const source = counter();
    const snapshot = expiringSnapshot(source.load, { ttlMs: 30_000, now: source.now });
    expect(snapshot.peek()).toBeUndefined();
    expect(source.loads()).toBe(0);
    await snapshot.get();
    expect(snapshot.peek()).toBe(1);
    source.advance(30_000);
    expect(snapshot.peek()).toBeUndefined();
    snapshot.invalidate();
    expect(snapshot.peek()).toBeUndefined();
    expect(source.loads()).toBe(1);
  });

  it("shares one load between concurrent readers", async () => {
    const source = counter();
    const snapshot = expiringSnapshot(source.load, { ttlMs: 30_000, now: source.now });
    expect(await Promise.all([snapshot.get(), snapshot.get(), snapshot.get()])).toEqual([1, 1, 1]);
    expect(source.loads()).toBe(1);
  });

  it("loads again at once after invalidate, ignoring a load that started before", async () => {
    let release: (value: string) => void = () => {};
    const values = ["old", "new"];
    const snapshot = expiringSnapshot(
      () =>
        values.length === 2
          ? new Promise<string>((resolve) => {
              values.shift();
              release = resolve;
            })
          : Promise.resolve(values[0] as string),
      { ttlMs: 30_000 },
    );
    const stale = snapshot.get();
    snapshot.invalidate();
    expect(await snapshot.get()).toBe("new");
    release("old");
    expect(await stale).toBe("old");
    expect(await snapshot.get()).toBe("new");
  });

  it("keeps no failed load: the caller sees the error, the next read tries again", async () => {
    let fail = true;
    const snapshot = expiringSnapshot(
      async () => {
        if (fail) throw new Error("database down");
        return "rules";
      },
      { ttlMs: 30_000 },
    );
    await expect(snapshot.get()).rejects.toThrow("database down");
    fail = false;
    expect(await snapshot.get()).toBe("rules");
  });
});
