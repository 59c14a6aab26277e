import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../server/config";
import { createProcessors } from "./processors";
import type { SandboxProcessor } from "./sandbox";

const sandbox = { name: "sandbox" } as unknown as SandboxProcessor;

describe("which processor serves a provider code", () => {
  it("is the sandbox for every code outside production when no keys are set, and nothing in production", () => {
    const set = createProcessors(loadConfig({}), sandbox);
    expect(set.forCode("s1", "sandbox")?.name).toBe("sandbox");
    expect(set.forCode("so", "sandbox")?.name).toBe("sandbox");
    expect(set.forCode("s1", "production")).toBeNull();
    expect(set.forCode("ps", "production")).toBeNull();
  });

  it("is Stripe for s1 and Paddle for pd when their keys for the environment are set", () => {
    const set = createProcessors(
      loadConfig({
        STRIPE_SECRET_KEY: "sk_live_x",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
        PADDLE_SANDBOX_API_KEY: "pdl_sdbx_x",
        PADDLE_SANDBOX_WEBHOOK_SECRET: "ntfset_x",
      }),
      sandbox,
    );
    expect(set.forCode("s1", "production")?.name).toBe("stripe");
    expect(set.forCode("s1", "sandbox")?.name).toBe("sandbox");
    expect(set.forCode("pd", "sandbox")?.name).toBe("paddle");
    expect(set.forCode("pd", "production")).toBeNull();
    expect(set.byName("stripe", "production")?.name).toBe("stripe");
    expect(set.byName("stripe", "sandbox")).toBeNull();
  });
});
