import { describe, expect, it } from "vitest";
import { isIssuedTestId, newTestId, probeNames, probeOfName } from "./probe-names";

const SECRET = "s".repeat(64);
const id = newTestId(SECRET, () => Buffer.from("0123456789abcdef", "hex"));

describe("probe names", () => {
  it("issues ids that verify, and refuses others", () => {
    expect(id).toMatch(/^0123456789abcdef[0-9a-f]{12}$/);
    expect(isIssuedTestId(SECRET, id)).toBe(true);
    expect(isIssuedTestId("other secret", id)).toBe(false);
    expect(isIssuedTestId(SECRET, `${id.slice(0, 27)}${id.endsWith("0") ? "1" : "0"}`)).toBe(false);
    expect(isIssuedTestId(SECRET, "short")).toBe(false);
    expect(newTestId(SECRET)).not.toBe(newTestId(SECRET));
  });

  it("names each probe in the zone", () => {
    expect(probeNames(id, 2, "leak.test")).toEqual([`${id}-0.leak.test`, `${id}-1.leak.test`]);
  });

  it.each([
    [`${id}-0.leak.test`, { testId: id, probe: 0 }],
    [`${id}-23.leak.test.`, { testId: id, probe: 23 }],
    [`${id.toUpperCase()}-5.LEAK.test`, { testId: id, probe: 5 }],
    [`${id}-24.leak.test`, null],
    [`${id}-1.other.test`, null],
    [`x.${id}-1.leak.test`, null],
    ["leak.test", null],
    [`${"0".repeat(28)}-1.leak.test`, null],
  ])("%s → %o", (name, expected) => {
    expect(probeOfName(SECRET, name, "leak.test")).toEqual(expected);
  });
});
