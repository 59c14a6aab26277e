import { describe, expect, it } from "vitest";
import type { PaymentProcessor } from "./payment-provider";
import { createProcessors } from "./processors";
import type { SandboxProcessor } from "./sandbox";

const sandbox = { name: "sandbox", environment: "sandbox" } as unknown as SandboxProcessor;
const stripeKeys = { secretKey: "sk_live_x", webhookSecret: "whsec_x" };
const paddleKeys = { apiKey: "pdl_sdbx_apikey_x", webhookSecret: "pdl_ntfset_x" };

describe("how the buyer pays through each offer (the checkout's method labels)", () => {
  const keys = {
    stripe: stripeKeys,
    paypal: { clientId: "AYx", clientSecret: "EFx", webhookId: "WH-1" },
    razorpay: { keyId: "rzp_live_x", keySecret: "s", webhookSecret: "w" },
    btcpay: { url: "https://pay.example.org", apiKey: "k", storeId: "st", webhookSecret: "w" },
  };
  const methods = (set: ReturnType<typeof createProcessors>) =>
    Object.fromEntries(set.offers.map((offer) => [offer.code, offer.methods]));

  it("are each mapped processor's own, whatever the code", () => {
    const providers = [
      { code: "s1", kind: "stripe" },
      { code: "ps", kind: "paypal" },
      { code: "rz", kind: "razorpay" },
      { code: "so", kind: "btcpay" },
    ] as const;
    expect(methods(createProcessors({ mode: "live", keys, providers }))).toEqual({
      s1: ["card"],
      ps: ["paypal"],
      rz: ["card", "upi"],
      so: ["bitcoin"],
    });
  });

  it("are the BTCPay store's as the operator lists them", () => {
    const set = createProcessors({ mode: "live", keys, methods: { btcpay: ["bitcoin", "lightning", "monero"] } });
    expect(set.offer("tpa")?.methods).toEqual(["bitcoin", "lightning", "monero"]);
    expect(set.offer("ps")?.methods).toEqual(["paypal"]);
  });

  it("in the unmapped sandbox, are those of the processor each code stands for by default", () => {
    const set = createProcessors({ mode: "sandbox", sandbox });
    expect(methods(set)).toMatchObject({ s1: ["card"], pd: ["card", "paypal"], ps: ["paypal"], tpa: ["bitcoin"] });
    const mapped = createProcessors({ mode: "sandbox", sandbox, providers: [{ code: "so", kind: "paypal" }] });
    expect(mapped.offer("so")?.methods).toEqual(["paypal"]);
  });
});

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

  it("is Razorpay for rz when its keys are given, with its webhooks under /razorpay/<production|sandbox>", () => {
    const razorpay = { keyId: "rzp_live_x", keySecret: "s", webhookSecret: "w" };
    const live = createProcessors({ mode: "live", keys: { razorpay } });
    expect(live.forCode("rz")).toMatchObject({ name: "razorpay", environment: "live", planChanges: false });
    expect(live.offer("rz")?.currencies).toContain("INR");
    expect(live.forCode("ps")).toBeNull();
    expect(live.forWebhook("razorpay", "production")?.name).toBe("razorpay");
    const test = createProcessors({ mode: "test", keys: { razorpay } });
    expect(test.forWebhook("razorpay", "sandbox")).toMatchObject({ name: "razorpay", environment: "test" });
  });

  it("is PayPal for ps when its keys are given, with its webhooks under /paypal/<production|sandbox>", () => {
    const paypalKeys = { clientId: "AYx", clientSecret: "EFx", webhookId: "WH-1" };
    const live = createProcessors({ mode: "live", keys: { paypal: paypalKeys } });
    expect(live.forCode("ps")).toMatchObject({ name: "paypal", environment: "live" });
    expect(live.forCode("s1")).toBeNull();
    expect(live.forWebhook("paypal", "production")?.name).toBe("paypal");
    const test = createProcessors({ mode: "test", keys: { paypal: paypalKeys } });
    expect(test.forWebhook("paypal", "sandbox")).toMatchObject({ name: "paypal", environment: "test" });
    expect(test.forWebhook("paypal", "production")).toBeNull();
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

describe("the operator's provider map (PAYMENT_PROVIDERS)", () => {
  const stripe = { name: "stripe", environment: "live" } as PaymentProcessor;
  const paddle = { name: "paddle", environment: "live" } as PaymentProcessor;

  it("offers exactly the mapped codes, in the operator's order, each served by its kind", () => {
    const set = createProcessors({
      mode: "live",
      processors: { stripe, paddle },
      providers: [
        { code: "pd", kind: "paddle" },
        { code: "so", kind: "stripe" },
      ],
    });
    expect(set.offers.map((offer) => [offer.code, offer.kind])).toEqual([
      ["pd", "paddle"],
      ["so", "stripe"],
    ]);
    expect(set.forCode("so")).toBe(stripe);
    expect(set.forCode("s1")).toBeNull();
    // A keyed processor no code names still answers its webhooks (renewals of earlier orders).
    expect(set.forWebhook("stripe", "production")).toBe(stripe);
  });

  it("without a map, offers s1 and pd when keyed, and the sandbox every code in its order", () => {
    expect(createProcessors({ mode: "live", processors: { paddle } }).offers.map((offer) => offer.code)).toEqual([
      "pd",
    ]);
    const sandboxed = createProcessors({ mode: "sandbox", sandbox });
    expect(sandboxed.offers.map((offer) => offer.code)).toEqual(["s1", "pd", "ps", "rz", "gap", "tpa", "so"]);
    expect(sandboxed.offer("pd")).toEqual({
      code: "pd",
      kind: null,
      currencies: null,
      countries: null,
      methods: ["card", "paypal"],
    });
  });

  it("lets the sandbox stand in for the mapped processors, with their currencies", () => {
    const set = createProcessors({
      mode: "sandbox",
      sandbox,
      providers: [
        { code: "s1", kind: "stripe" },
        { code: "pd", kind: "paddle" },
      ],
    });
    expect(set.forCode("pd")?.name).toBe("sandbox");
    expect(set.forCode("ps")).toBeNull();
    expect(set.offer("s1")?.currencies).toBeNull();
    expect(set.offer("pd")?.currencies).toContain("EUR");
  });

  it("narrows a code to the operator's currencies and countries", () => {
    const set = createProcessors({
      mode: "sandbox",
      sandbox,
      currencies: { pd: ["USD", "GBP"] },
      countries: { rz: ["IN"] },
    });
    expect(set.offer("pd")).toMatchObject({ currencies: ["USD", "GBP"], countries: null });
    expect(set.offer("rz")).toMatchObject({ currencies: null, countries: ["IN"] });
  });

  it("refuses a mapped processor without keys (config.ts says so first, naming the variable)", () => {
    expect(() =>
      createProcessors({ mode: "live", processors: { stripe }, providers: [{ code: "pd", kind: "paddle" }] }),
    ).toThrow(/PAYMENT_PROVIDERS maps pd to paddle/);
  });
});
