import { describe, expect, it } from "vitest";
import { signSandboxPayload, verifySandboxSignature } from "./sandbox-signature";

describe("sandbox webhook signature", () => {
  const body = '{"id":"evt_1"}';
  it("accepts its own signature within the tolerance", () => {
    expect(verifySandboxSignature("s", body, signSandboxPayload("s", body, 1000), 1200)).toBe(true);
  });
  it.each([
    ["wrong secret", signSandboxPayload("other", body, 1000), 1000],
    ["too old", signSandboxPayload("s", body, 1000), 1400],
    ["from the future", signSandboxPayload("s", body, 2000), 1000],
    ["garbage", "t=abc,v1=zz", 1000],
    ["missing", null, 1000],
  ])("refuses %s", (_name, header, now) => {
    expect(verifySandboxSignature("s", body, header as string | null, now as number)).toBe(false);
  });
  it("refuses a changed body", () => {
    expect(verifySandboxSignature("s", '{"id":"evt_2"}', signSandboxPayload("s", body, 1000), 1000)).toBe(false);
  });
});
