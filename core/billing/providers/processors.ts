import type { Config } from "../../../server/config";
import { paddleProcessor } from "./paddle";
import type { PaymentProcessor, ProviderCode } from "./payment-provider";
import type { SandboxProcessor } from "./sandbox";
import { stripeProcessor } from "./stripe";

export type PaymentEnvironment = "production" | "sandbox";

export interface ProcessorSet {
  /** The processor that serves a provider code in an environment; null when none may. */
  forCode(code: ProviderCode, environment: PaymentEnvironment): PaymentProcessor | null;
  /** The processor a webhook path names (`/api/webhooks/<name>/<environment>`). */
  byName(name: string, environment: PaymentEnvironment): PaymentProcessor | null;
}

/**
 * s1 is Stripe and pd is Paddle when their keys for the environment are set. Without keys, and
 * outside production, every code is served by the sandbox; in production nothing is faked.
 */
export function createProcessors(config: Config, sandbox: SandboxProcessor): ProcessorSet {
  const stripe = {
    production:
      config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
        ? stripeProcessor({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET })
        : null,
    sandbox:
      config.STRIPE_TEST_SECRET_KEY && config.STRIPE_TEST_WEBHOOK_SECRET
        ? stripeProcessor({
            secretKey: config.STRIPE_TEST_SECRET_KEY,
            webhookSecret: config.STRIPE_TEST_WEBHOOK_SECRET,
          })
        : null,
  };
  const paddle = {
    production:
      config.PADDLE_API_KEY && config.PADDLE_WEBHOOK_SECRET
        ? paddleProcessor({
            apiKey: config.PADDLE_API_KEY,
            webhookSecret: config.PADDLE_WEBHOOK_SECRET,
            environment: "production",
          })
        : null,
    sandbox:
      config.PADDLE_SANDBOX_API_KEY && config.PADDLE_SANDBOX_WEBHOOK_SECRET
        ? paddleProcessor({
            apiKey: config.PADDLE_SANDBOX_API_KEY,
            webhookSecret: config.PADDLE_SANDBOX_WEBHOOK_SECRET,
            environment: "sandbox",
          })
        : null,
  };
  return {
    forCode(code, environment) {
      const real = code === "s1" ? stripe[environment] : code === "pd" ? paddle[environment] : null;
      return real ?? (environment === "sandbox" ? sandbox : null);
    },
    byName(name, environment) {
      if (name === "sandbox") return sandbox;
      if (name === "stripe") return stripe[environment];
      if (name === "paddle") return paddle[environment];
      return null;
    },
  };
}
