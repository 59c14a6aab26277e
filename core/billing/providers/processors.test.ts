import { describe, expect, it } from "vitest";
import type { PaymentProcessor } from "./payment-provider";
import { createProcessors } from "./processors";
import type { SandboxProcessor } from "./sandbox";

const sandbox = { name: "sandbox", environment: "sandbox" } as unknown as SandboxProcessor;
const stripeKeys = { secretKey: "sk_live_x", webhookSecret: "whsec_x" };
const paddleKeys = { apiKey: "pdl_sdbx_apikey_x", webhookSecret: "pdl_ntfset_x" };

describe("which processor serves a provider code", () => {
  it("is the sandbox for every code in sandbox mode, with no webhook path but its own", () => {
    const set = createProcessors({ mode: "sandbox", sandbox, keys: { stripe: stripeKeys } });
    expect(set.forCode("s1")?.name).toBe("sandbox");
    expect(set.forCode("so")?.name).toBe("sandbox");
    expect(set.byName("stripe")).toBeNull();
    expect(set.forWebhook("sandbox", undefined)?.name).toBe("sandbox");
    expect(set.forWebhook("stripe", "production")).toBeNull();
  });

  it("is Stripe for s1 and Paddle for pd in live mode, nothing for the other codes, never the sandbox", () => {
    const set = createProcessors({ mode: "live", sandbox, keys: { stripe: stripeKeys, paddle: paddleKeys } });
    expect(set.forCode("s1")).toMatchObject({ name: "stripe", environment: "live" });
    expect(set.forCode("pd")).toMatchObject({ name: "paddle", environment: "live" });
    for (const code of ["ps", "rz", "gap", "tpa", "so"] as const) expect(set.forCode(code)).toBeNull();
    expect(set.byName("sandbox")).toBeNull();
    expect(set.forWebhook("sandbox", undefined)).toBeNull();
    expect(set.forWebhook("stripe", "production")?.name).toBe("stripe");
    // The test-mode path of a live process does not exist.
    expect(set.forWebhook("stripe", "sandbox")).toBeNull();
  });

  it("answers only the test-mode webhook paths in test mode", () => {
    const set = createProcessors({ mode: "test", keys: { paddle: paddleKeys } });
    expect(set.forCode("pd")).toMatchObject({ name: "paddle", environment: "test" });
    expect(set.forCode("s1")).toBeNull();
    expect(set.forWebhook("paddle", "sandbox")?.name).toBe("paddle");
    expect(set.forWebhook("paddle", "production")).toBeNull();
  });

  it("is BTCPay for tpa when its store is keyed, with its own webhook path", () => {
    const btcpay = { url: "https://pay.example.org", apiKey: "k", storeId: "S", webhookSecret: "w" };
    const live = createProcessors({ mode: "live", keys: { stripe: stripeKeys, btcpay } });
    expect(live.forCode("tpa")).toMatchObject({ name: "btcpay", environment: "live" });
    expect(live.forWebhook("btcpay", "production")?.name).toBe("btcpay");
    expect(createProcessors({ mode: "test", keys: { btcpay } }).forWebhook("btcpay", "sandbox")?.name).toBe("btcpay");
    expect(createProcessors({ mode: "live", keys: { stripe: stripeKeys } }).forCode("tpa")).toBeNull();
  });

  it("offers nothing when off, whatever keys are given", () => {
    const given = { name: "stripe", environment: "live" } as PaymentProcessor;
    const set = createProcessors({ mode: "off", keys: { stripe: stripeKeys }, processors: { stripe: given } });
    expect(set.forCode("s1")).toBeNull();
    expect(set.byName("stripe")).toBeNull();
    expect(set.forWebhook("stripe", "production")).toBeNull();
  });

  it("cannot be in sandbox mode without the sandbox", () => {
    expect(() => createProcessors({ mode: "sandbox" })).toThrow(/sandbox/);
  });
});
