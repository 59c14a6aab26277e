import type { ProviderCode } from "./provider-codes";

/**
 * The ways a buyer pays (shown by the checkout as `checkout.methods.<method>`, 18 languages),
 * separate from who processes the payment.
 */
export const PAYMENT_METHODS = [
  "card",
  "paypal",
  "local",
  "upi",
  "google_pay",
  "bitcoin",
  "lightning",
  "monero",
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The cryptocurrencies a BTCPay store can take (BTCPAY_PAYMENT_METHODS narrows to the store's). */
export const CRYPTO_METHODS = ["bitcoin", "lightning", "monero"] as const satisfies readonly PaymentMethod[];

/**
 * The processors a provider code can be mapped to (PAYMENT_PROVIDERS, decision 048), one line
 * each: the name the checkout shows, its mark (a colour and a letter, drawn on the page: no
 * third-party image before the buyer has chosen), how the buyer pays through it (`methods`: BTCPay's
 * are the operator's store's, BTCPAY_PAYMENT_METHODS), and the currencies it takes ("any": every
 * currency of content/currencies.ts). The operator narrows a code's currencies with
 * PAYMENT_PROVIDER_CURRENCIES.
 */
export const PROCESSOR_KINDS = {
  // Stripe charges in 135+ currencies, every two-decimal one the site can sell in among them.
  stripe: { name: "Stripe", mark: { colour: "#635bff", letter: "S" }, methods: ["card"], currencies: "any" },
  // Paddle's supported currencies (developer.paddle.com, "Supported currencies").
  paddle: {
    name: "Paddle",
    mark: { colour: "#1d1d1f", letter: "P" },
    methods: ["card", "paypal"],
    currencies: [
      "USD",
      "EUR",
      "GBP",
      "JPY",
      "AUD",
      "CAD",
      "CHF",
      "HKD",
      "SGD",
      "SEK",
      "ARS",
      "BRL",
      "CNY",
      "COP",
      "CZK",
      "DKK",
      "HUF",
      "ILS",
      "INR",
      "KRW",
      "MXN",
      "NOK",
      "NZD",
      "PLN",
      "RUB",
      "THB",
      "TRY",
      "TWD",
      "UAH",
      "VND",
      "ZAR",
    ],
  },
  // PayPal's currencies for payments and subscriptions (developer.paypal.com, "Currency codes").
  paypal: {
    name: "PayPal",
    mark: { colour: "#003087", letter: "P" },
    // Subscriptions are approved in the buyer's PayPal account (its wallet, with whatever it holds).
    methods: ["paypal"],
    currencies: [
      "AUD",
      "BRL",
      "CAD",
      "CHF",
      "CNY",
      "CZK",
      "DKK",
      "EUR",
      "GBP",
      "HKD",
      "HUF",
      "ILS",
      "JPY",
      "MXN",
      "MYR",
      "NOK",
      "NZD",
      "PHP",
      "PLN",
      "SEK",
      "SGD",
      "THB",
      "TWD",
      "USD",
    ],
  },
  // Razorpay's international currencies for subscriptions (razorpay.com docs, "Supported currencies"):
  // INR, and the majors an Indian merchant with international payments can charge in.
  razorpay: {
    name: "Razorpay",
    mark: { colour: "#0c2651", letter: "R" },
    methods: ["card", "upi"],
    currencies: ["INR", "USD", "EUR", "GBP", "AUD", "CAD", "SGD", "AED", "CHF", "HKD", "NZD", "SEK", "DKK", "NOK"],
  },
  // BTCPay prices an invoice in the store's fiat currency at its rate source's price: any currency.
  // On-chain bitcoin unless the operator says which methods the store has enabled.
  btcpay: { name: "BTCPay", mark: { colour: "#51b13e", letter: "₿" }, methods: ["bitcoin"], currencies: "any" },
} as const satisfies Record<
  string,
  {
    name: string;
    mark: { colour: string; letter: string };
    methods: readonly PaymentMethod[];
    currencies: "any" | readonly string[];
  }
>;
export type ProcessorKind = keyof typeof PROCESSOR_KINDS;

export function isProcessorKind(value: string): value is ProcessorKind {
  return Object.hasOwn(PROCESSOR_KINDS, value);
}

/** A processor's own name (proper nouns: the same in every language); the sandbox is "Sandbox". */
export function processorName(processor: string): string {
  if (isProcessorKind(processor)) return PROCESSOR_KINDS[processor].name;
  return processor === "sandbox" ? "Sandbox" : processor;
}

/** The currencies a processor kind takes; null for any. */
export function kindCurrencies(kind: ProcessorKind | null): readonly string[] | null {
  if (!kind) return null;
  const { currencies } = PROCESSOR_KINDS[kind];
  return currencies === "any" ? null : currencies;
}

/**
 * One way to pay as the checkout offers it (the providers API answers a list of these, in the
 * operator's order): its code, the processor kind it is mapped to (null: the sandbox standing in
 * for every code), and where it can be used (null: everywhere).
 */
export interface ProviderOffer {
  code: ProviderCode;
  kind: ProcessorKind | null;
  /** The currencies it takes; null for any. */
  currencies: readonly string[] | null;
  /** The buyer countries it serves (ISO 3166 alpha-2); null for all. */
  countries: readonly string[] | null;
  /** How the buyer pays through it (card, PayPal, UPI, bitcoin…), as the checkout lists them. */
  methods: readonly PaymentMethod[];
}

/** Why a way to pay cannot take this purchase: "currency", "country", or null when it can. */
export type OfferRefusal = "currency" | "country" | null;

/**
 * Whether a way to pay takes a purchase in this currency from this country. A country nobody
 * could place (null) is not refused: the buyer's address is only a hint.
 */
export function offerRefusal(
  offer: Pick<ProviderOffer, "currencies" | "countries">,
  buyer: { currency: string; country?: string | null },
): OfferRefusal {
  if (offer.currencies && !offer.currencies.includes(buyer.currency)) return "currency";
  const country = buyer.country?.toUpperCase();
  if (offer.countries && country && !offer.countries.includes(country)) return "country";
  return null;
}
