import {
  kindCurrencies,
  type PaymentMethod,
  PROCESSOR_KINDS,
  type ProcessorKind,
  type ProviderOffer,
} from "../../../universal/billing/processor-kinds";
import { btcpayProcessor } from "./btcpay";
import { paddleProcessor } from "./paddle";
import {
  type PaymentEnvironment,
  type PaymentProcessor,
  PROVIDER_CODES,
  PROVIDER_METHODS,
  type ProviderCode,
} from "./payment-provider";
import { paypalProcessor } from "./paypal";
import type { ProviderMapEntry } from "./provider-map";
import { razorpayProcessor } from "./razorpay";
import type { SandboxProcessor } from "./sandbox";
import { stripeProcessor } from "./stripe";

/**
 * What a process sells through, decided once at start (decision 024): the processors' live modes,
 * their test modes, the built-in sandbox (never in production), or nothing.
 */
export type PaymentMode = "live" | "test" | "sandbox" | "off";

/** The keys of each processor kind in the chosen mode. */
export interface ProcessorKeys {
  stripe?: { secretKey: string; webhookSecret: string };
  paddle?: { apiKey: string; webhookSecret: string };
  paypal?: { clientId: string; clientSecret: string; webhookId: string };
  /** The operator's BTCPay Server store (decision 050); one store serves live or test. */
  btcpay?: { url: string; apiKey: string; storeId: string; webhookSecret: string };
  razorpay?: { keyId: string; keySecret: string; webhookSecret: string };
}

/** How each processor kind is built from its keys (decision 048): one line each. */
const BUILDERS: {
  [Kind in ProcessorKind]: (keys: NonNullable<ProcessorKeys[Kind]>, environment: "live" | "test") => PaymentProcessor;
} = {
  stripe: (keys, environment) => stripeProcessor({ ...keys, environment }),
  paddle: (keys, environment) => paddleProcessor({ ...keys, environment }),
  paypal: (keys, environment) => paypalProcessor({ ...keys, environment }),
  btcpay: (keys, environment) => btcpayProcessor({ ...keys, environment }),
  razorpay: (keys, environment) => razorpayProcessor({ ...keys, environment }),
};

/** Without PAYMENT_PROVIDERS: s1 is Stripe, pd Paddle, ps PayPal, rz Razorpay and tpa BTCPay, each when its keys are given. */
const DEFAULT_MAP: ProviderMapEntry[] = [
  { code: "s1", kind: "stripe" },
  { code: "pd", kind: "paddle" },
  { code: "ps", kind: "paypal" },
  { code: "rz", kind: "razorpay" },
  { code: "tpa", kind: "btcpay" },
];

export interface ProcessorSet {
  mode: PaymentMode;
  /**
   * The ways to pay the checkout offers, in the operator's order (PAYMENT_PROVIDERS), with where
   * each can be used. Codes whose purchases start in an app (gap) are listed too.
   */
  offers: readonly ProviderOffer[];
  /** The offer of a code; null when the code is not offered. */
  offer(code: ProviderCode): ProviderOffer | null;
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
 * Live and test: the codes of `providers` (PAYMENT_PROVIDERS), each served by its processor kind
 * (server/config.ts has refused a start where a mapped kind lacks its keys); without it s1 is
 * Stripe, pd Paddle, ps PayPal, rz Razorpay and tpa BTCPay when their keys are given, other codes are not offered. Sandbox: the
 * sandbox serves the mapped codes, standing in for their processors (and their currencies), or
 * every code when none is mapped. Off: nothing. Real processors can be passed in (tests point
 * their SDKs at local fakes); otherwise they are built from the keys. `currencies` and
 * `countries` narrow a code (PAYMENT_PROVIDER_CURRENCIES, PAYMENT_PROVIDER_COUNTRIES).
 */
export function createProcessors(options: {
  mode: PaymentMode;
  keys?: ProcessorKeys;
  sandbox?: SandboxProcessor;
  processors?: Partial<Record<ProcessorKind, PaymentProcessor>>;
  providers?: readonly ProviderMapEntry[];
  currencies?: Partial<Record<ProviderCode, readonly string[]>>;
  countries?: Partial<Record<ProviderCode, readonly string[]>>;
  /** How the buyer pays through a kind, when the operator says (BTCPAY_PAYMENT_METHODS: the store's). */
  methods?: Partial<Record<ProcessorKind, readonly PaymentMethod[]>>;
}): ProcessorSet {
  const { mode, keys = {} } = options;
  if (mode === "sandbox" && !options.sandbox) throw new Error("PAYMENT_MODE=sandbox needs the sandbox processor");
  const environment = mode === "live" || mode === "test" ? mode : null;
  const built = new Map<ProcessorKind, PaymentProcessor>();
  if (environment) {
    for (const kind of Object.keys(BUILDERS) as ProcessorKind[]) {
      const given = options.processors?.[kind];
      const kindKeys = keys[kind];
      const build = BUILDERS[kind] as (keys: unknown, environment: "live" | "test") => PaymentProcessor;
      const processor = given ?? (kindKeys ? build(kindKeys, environment) : undefined);
      if (processor) built.set(kind, processor);
    }
  }
  const sandbox = mode === "sandbox" ? options.sandbox : undefined;

  // Which processor serves each offered code, in the checkout's order.
  const served: Array<{ code: ProviderCode; kind: ProcessorKind | null; processor: PaymentProcessor }> = [];
  if (environment) {
    for (const { code, kind } of options.providers ?? DEFAULT_MAP) {
      const processor = built.get(kind);
      if (processor) served.push({ code, kind, processor });
      else if (options.providers) throw new Error(`PAYMENT_PROVIDERS maps ${code} to ${kind}, which has no keys`);
    }
  } else if (sandbox) {
    const mapped = options.providers ?? PROVIDER_CODES.map((code) => ({ code, kind: null }));
    for (const { code, kind } of mapped) served.push({ code, kind, processor: sandbox });
  }
  const offers: ProviderOffer[] = served.map(({ code, kind }) => ({
    code,
    kind,
    currencies: options.currencies?.[code] ?? kindCurrencies(kind),
    countries: options.countries?.[code] ?? null,
    methods: kind ? (options.methods?.[kind] ?? PROCESSOR_KINDS[kind].methods) : PROVIDER_METHODS[code],
  }));
  const all = [...built.values(), ...(sandbox ? [sandbox] : [])];

  return {
    mode,
    offers,
    offer(code) {
      return offers.find((offer) => offer.code === code) ?? null;
    },
    forCode(code) {
      return served.find((entry) => entry.code === code)?.processor ?? null;
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
