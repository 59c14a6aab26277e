import { btcpayProcessor } from "./btcpay";
import { paddleProcessor } from "./paddle";
import type { PaymentEnvironment, PaymentProcessor, ProviderCode } from "./payment-provider";
import type { SandboxProcessor } from "./sandbox";
import { stripeProcessor } from "./stripe";

/**
 * What a process sells through, decided once at start (decision 024): the processors' live modes,
 * their test modes, the built-in sandbox (never in production), or nothing.
 */
export type PaymentMode = "live" | "test" | "sandbox" | "off";

/** The keys of one processor in the chosen mode. */
export interface ProcessorKeys {
  stripe?: { secretKey: string; webhookSecret: string };
  paddle?: { apiKey: string; webhookSecret: string };
  /** The operator's BTCPay Server store (decision 050); one store serves live or test. */
  btcpay?: { url: string; apiKey: string; storeId: string; webhookSecret: string };
}

export interface ProcessorSet {
  mode: PaymentMode;
  /** The processor that serves a provider code; null when none does (the code is not offered). */
  forCode(code: ProviderCode): PaymentProcessor | null;
  /** The processor of this mode with that name; null for any other (an order of another mode). */
  byName(name: string): PaymentProcessor | null;
  /**
   * The processor whose webhooks a path names (`/api/webhooks/<name>/<production|sandbox>`, or
   * `/api/webhooks/sandbox`): only this mode's own exist.
   */
  forWebhook(name: string, pathEnvironment: string | undefined): PaymentProcessor | null;
}

/** The webhook path segment of a mode, in the processors' own words (Paddle's "sandbox"). */
const WEBHOOK_SEGMENT: Record<PaymentEnvironment, string | undefined> = {
  live: "production",
  test: "sandbox",
  sandbox: undefined,
};

/**
 * Live and test: s1 is Stripe, pd is Paddle and tpa is BTCPay when their keys are given, other codes are not
 * offered. Sandbox: the sandbox serves every code. Off: nothing. Real processors can be passed in
 * (tests point their SDKs at local fakes); otherwise they are built from the keys.
 */
export function createProcessors(options: {
  mode: PaymentMode;
  keys?: ProcessorKeys;
  sandbox?: SandboxProcessor;
  processors?: { stripe?: PaymentProcessor; paddle?: PaymentProcessor; btcpay?: PaymentProcessor };
}): ProcessorSet {
  const { mode, keys = {} } = options;
  if (mode === "sandbox" && !options.sandbox) throw new Error("PAYMENT_MODE=sandbox needs the sandbox processor");
  const environment = mode === "live" || mode === "test" ? mode : null;
  const stripe = environment
    ? (options.processors?.stripe ?? (keys.stripe ? stripeProcessor({ ...keys.stripe, environment }) : undefined))
    : undefined;
  const paddle = environment
    ? (options.processors?.paddle ?? (keys.paddle ? paddleProcessor({ ...keys.paddle, environment }) : undefined))
    : undefined;
  const btcpay = environment
    ? (options.processors?.btcpay ?? (keys.btcpay ? btcpayProcessor({ ...keys.btcpay, environment }) : undefined))
    : undefined;
  const sandbox = mode === "sandbox" ? options.sandbox : undefined;
  const all = [stripe, paddle, btcpay, sandbox].filter((processor): processor is PaymentProcessor =>
    Boolean(processor),
  );

  return {
    mode,
    forCode(code) {
      if (mode === "off") return null;
      const real = code === "s1" ? stripe : code === "pd" ? paddle : code === "tpa" ? btcpay : undefined;
      return real ?? sandbox ?? null;
    },
    byName(name) {
      return all.find((processor) => processor.name === name) ?? null;
    },
    forWebhook(name, pathEnvironment) {
      const processor = all.find((candidate) => candidate.name === name);
      return processor && WEBHOOK_SEGMENT[processor.environment] === pathEnvironment ? processor : null;
    },
  };
}
