import { describe, expect, it } from "vitest";
import { decodeEntry, encodeEntry } from "./local-store";

describe("local storage entries", () => {
  it("round-trips a value until it expires", () => {
    const raw = encodeEntry({ user_ip: "1.2.3.4" }, 1000, 5000);
    expect(decodeEntry(raw, 5999)).toEqual({ user_ip: "1.2.3.4" });
    expect(decodeEntry(raw, 6000)).toBeUndefined();
  });

  it("keeps entries without expiry and ignores broken ones", () => {
    expect(decodeEntry(encodeEntry("x", null, 0), Number.MAX_SAFE_INTEGER)).toBe("x");
    expect(decodeEntry("{not json")).toBeUndefined();
    expect(decodeEntry('"plain"')).toBeUndefined();
    expect(decodeEntry(null)).toBeUndefined();
  });
});
