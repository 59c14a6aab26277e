import { isIP } from "node:net";
import { z } from "zod";
import {
  type Parsed,
  parseProviderCountries,
  parseProviderCurrencies,
  parseProviderMap,
} from "../core/billing/providers/provider-map";
import { isPeerRange } from "../core/wireguard/addresses";
import { CRYPTO_METHODS, type ProcessorKind } from "../universal/billing/processor-kinds";
import { BRAND } from "../universal/brand/brand";
import type { Brand } from "../universal/brand/schema";

/**
 * Every setting comes from the environment (and the env file, server/env-file.ts) and is checked
 * once, at start. A bad value stops the process with one line naming the variable (see loadConfig).
 */

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

const port = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int("must be a whole number")
      .min(0, "must be 0-65535")
      .max(65535, "must be 0-65535")
      .default(fallback),
  );

/** A setting parsed by one of core's parsers; its problem becomes the start's one line. */
const parsedSetting = <T>(parse: (text: string) => Parsed<T>) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((text, context) => {
        if (text === undefined) return undefined;
        const parsed = parse(text);
        if (parsed.ok) return parsed.value;
        context.addIssue({ code: "custom", message: parsed.problem });
        return z.NEVER;
      }),
  );

const url = (protocols: string[], hint: string) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, hint);

/** One TRUST_PROXY entry: `loopback`, an IP address, or an IPv4/IPv6 CIDR. */
export function isTrustProxyEntry(entry: string): boolean {
  if (entry === "loopback") return true;
  const [address, bits, extra] = entry.split("/");
  if (extra !== undefined) return false;
  const family = isIP(address ?? "");
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

const list = (value: unknown) =>
  typeof value === "string"
    ? value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean)
    : value;

export const configSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(["development", "production", "test"]).default("development")),
  PORT: port(3000),
  HOST: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
  PUBLIC_ORIGIN: z.preprocess(
    emptyToUndefined,
    url(["http:", "https:"], "must be an http(s) URL such as https://vpn.example.com")
      .transform((value) => new URL(value).origin)
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    url(["postgres:", "postgresql:"], "must be a postgres:// or postgresql:// URL").optional(),
  ),
  SMTP_URL: z.preprocess(emptyToUndefined, url(["smtp:", "smtps:"], "must be an smtp:// or smtps:// URL").optional()),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default(`${BRAND.name} <no-reply@localhost>`)),
  /** Hosts /redirect may forward to (and their subdomains), besides this site's own paths. */
  REDIRECT_ALLOWED_HOSTS: z.preprocess(
    (value) => (typeof value === "string" && value.trim() ? value.split(",").map((host) => host.trim()) : undefined),
    z
      .array(z.string().regex(/^[a-z0-9.-]+$/i, "must be a comma-separated list of host names"))
      .default(["apps.apple.com", "play.google.com", "chromewebstore.google.com", "apps.microsoft.com"]),
  ),
  /** Gone: the brand is set in content/brand/brand.ts, built into the pages (decision 026). Set = a start error. */
  BRAND_NAME: z.preprocess(emptyToUndefined, z.string().optional()),
  /** The operator's details, as the legal pages name them (required in production). */
  LEGAL_ENTITY: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  LEGAL_ADDRESS: z.preprocess(emptyToUndefined, z.string().max(300).optional()),
  GOVERNING_LAW: z.preprocess(emptyToUndefined, z.string().max(100).optional()),
  PRIVACY_EMAIL: z.preprocess(emptyToUndefined, z.string().email("must be an e-mail address").optional()),
  /** Where contact-us reports are mailed. */
  SUPPORT_EMAIL: z.preprocess(
    emptyToUndefined,
    z.string().email("must be an e-mail address").default(BRAND.supportEmail),
  ),
  CAPTCHA_PROVIDER: z.preprocess(
    emptyToUndefined,
    z.enum(["altcha", "recaptcha", "turnstile", "none"]).default("altcha"),
  ),
  TRUST_PROXY: z.preprocess(
    list,
    z
      .array(z.string().refine(isTrustProxyEntry, "must be empty, `loopback`, or a comma list of IPs/CIDRs"))
      .default([]),
  ),
  /** Gone: payments no longer depend on the request's host (decision 024). Set = a start error. */
  PRODUCTION_DOMAINS: z.preprocess(emptyToUndefined, z.string().optional()),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ),
  STUN_PORT: port(3478),
  /** Where the STUN server listens: visitors reach it directly (UDP), never through the proxy. Unset: HOST. */
  STUN_HOST: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Answers the STUN server sends per second in all (besides 50 per source address or IPv6 /64). */
  STUN_MAX_REPLIES_PER_SECOND: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int("must be a whole number").min(1, "must be at least 1").default(1000),
  ),
  /** The STUN server the leak test uses when it is not this app's own (stun:host:port). */
  STUN_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^stuns?:[^\s]+$/, "must be a stun: or stuns: URL")
      .optional(),
  ),
  /**
   * Origins of this same app on a host name with only an A (IPv4) or only an AAAA (IPv6) record:
   * the what-is-my-ip page asks the other one, to show both addresses of a dual-stack visitor.
   */
  IPV4_CHECK_ORIGIN: z.preprocess(emptyToUndefined, url(["http:", "https:"], "must be an http(s) origin").optional()),
  IPV6_CHECK_ORIGIN: z.preprocess(emptyToUndefined, url(["http:", "https:"], "must be an http(s) origin").optional()),
  /**
   * The DNS leak test's zone (decision 043), delegated by the operator to this app's DNS server
   * (an NS record pointing at it, e.g. leak.vpn.example.com). Unset: no DNS server, the test says so.
   */
  DNS_LEAK_ZONE: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase().replace(/\.$/, "") || undefined : value),
    z
      .string()
      .max(200)
      .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, "must be a DNS name")
      .optional(),
  ),
  /** The DNS server's port, UDP and TCP (53 for a real delegation). */
  DNS_LEAK_PORT: port(53),
  /** Where the DNS server listens. Unset: HOST. */
  DNS_LEAK_HOST: z.preprocess(emptyToUndefined, z.string().optional()),
  /** The IPv4 and IPv6 addresses the probe names resolve to: this app (a comma list; needed with DNS_LEAK_ZONE). */
  DNS_LEAK_ADDRESS: z.preprocess(
    list,
    z.array(z.string().refine((value) => isIP(value) !== 0, "must be a comma list of IP addresses")).default([]),
  ),
  HELP_CENTER_URL: z.preprocess(emptyToUndefined, url(["http:", "https:"], "must be an http(s) URL").optional()),
  HELP_CENTER_URL_RU: z.preprocess(emptyToUndefined, url(["http:", "https:"], "must be an http(s) URL").optional()),
  ALTCHA_HMAC_KEY: z.preprocess(emptyToUndefined, z.string().min(32, "must be at least 32 characters").optional()),
  RECAPTCHA_SITE_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  RECAPTCHA_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  RECAPTCHA_MIN_SCORE: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(1).default(0.5)),
  TURNSTILE_SITE_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  TURNSTILE_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  SANDBOX_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(16, "must be at least 16 characters").optional(),
  ),
  /**
   * What this process sells through, decided here and never by a request (decision 024): `live`
   * (the processors' live keys; the default with NODE_ENV=production), `test` (their test modes,
   * for staging), `sandbox` (the built-in test processor; the default otherwise, refused in
   * production), `off` (nothing is sold).
   */
  PAYMENT_MODE: z.preprocess(emptyToUndefined, z.enum(["live", "test", "sandbox", "off"]).optional()),
  /**
   * Which processor serves each provider code, in the checkout's order (decision 048):
   * `s1=stripe,pd=paddle`. Unset: s1 is Stripe and pd Paddle when keyed (the sandbox: every code).
   */
  PAYMENT_PROVIDERS: parsedSetting(parseProviderMap),
  /** The currencies a code takes, narrowing its processor's own list: `pd=USD/EUR/GBP,s1=USD/EUR`. */
  PAYMENT_PROVIDER_CURRENCIES: parsedSetting(parseProviderCurrencies),
  /** The buyer countries a code serves (unset: all): `rz=IN`. */
  PAYMENT_PROVIDER_COUNTRIES: parsedSetting(parseProviderCountries),
  // Payment providers: the live slots serve PAYMENT_MODE=live, the test slots PAYMENT_MODE=test.
  STRIPE_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(sk|rk)_live_/, "must be a live key (sk_live_… or a restricted rk_live_…)")
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().startsWith("whsec_", "must start with whsec_").optional(),
  ),
  STRIPE_TEST_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(sk|rk)_test_/, "must be a test key (sk_test_… or a restricted rk_test_…)")
      .optional(),
  ),
  STRIPE_TEST_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().startsWith("whsec_", "must start with whsec_").optional(),
  ),
  // Paddle's keys name their environment (pdl_live_…, pdl_sdbx_…); older keys carry no prefix.
  PADDLE_API_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((key) => !key.startsWith("pdl_") || key.startsWith("pdl_live_"), "must be a live key (pdl_live_…)")
      .optional(),
  ),
  PADDLE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  PADDLE_SANDBOX_API_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((key) => !key.startsWith("pdl_") || key.startsWith("pdl_sdbx_"), "must be a sandbox key (pdl_sdbx_…)")
      .optional(),
  ),
  PADDLE_SANDBOX_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  // PayPal's REST app credentials (live, and its sandbox's), and the id of the webhook registered for
  // /api/webhooks/paypal/<production|sandbox>: PayPal's verify-webhook-signature compares it.
  PAYPAL_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  PAYPAL_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  PAYPAL_WEBHOOK_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  PAYPAL_SANDBOX_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  PAYPAL_SANDBOX_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  PAYPAL_SANDBOX_WEBHOOK_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  // Razorpay's API key pair and the secret of the webhook registered for
  // /api/webhooks/razorpay/<production|sandbox> (decision 052); live, and its test mode's.
  RAZORPAY_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  RAZORPAY_KEY_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  RAZORPAY_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  RAZORPAY_TEST_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  RAZORPAY_TEST_KEY_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  RAZORPAY_TEST_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  // The operator's own BTCPay Server store (decision 050): serves tpa in live mode (or test, for a
  // testnet store); all four or none.
  BTCPAY_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .url("must be the server's address (https://pay.example.org)")
      .refine((url) => /^https?:\/\//.test(url), "must be http(s)")
      .optional(),
  ),
  BTCPAY_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  BTCPAY_STORE_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  BTCPAY_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  // What the store takes, as the checkout lists it (comma-separated: bitcoin, lightning, monero);
  // unset: bitcoin (on-chain, every store's first). The store's own settings decide what BTCPay offers.
  BTCPAY_PAYMENT_METHODS: z.preprocess(
    (value) =>
      typeof value === "string" && value.trim()
        ? value.split(",").map((method) => method.trim().toLowerCase())
        : undefined,
    z
      .array(z.enum(CRYPTO_METHODS, { error: "must list bitcoin, lightning or monero, comma-separated" }))
      .min(1)
      .refine((methods) => new Set(methods).size === methods.length, "names a method twice")
      .optional(),
  ),
  WEB_CONCURRENCY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1, "must be 1 or more").max(64).default(1),
  ),
  /** Bearer token for /api/operator/* (promotions, route rules, report); unset = those calls are off. */
  OPERATOR_TOKEN: z.preprocess(emptyToUndefined, z.string().min(32, "must be at least 32 characters").optional()),
  /** "Save up to N%" shows at least this when a plan is really discounted (SPEC §5: 59); 0 or off = no floor. */
  DISCOUNT_FLOOR_PERCENT: z.preprocess(
    (value) => (typeof value === "string" && value.trim().toLowerCase() === "off" ? 0 : emptyToUndefined(value)),
    z.coerce.number().int().min(0, "must be 0 (off) to 99").max(99, "must be 0 (off) to 99").default(59),
  ),
  /** Manual WireGuard keys get their tunnel addresses from these ranges (decision 044); the servers route them. */
  WIREGUARD_IPV4_RANGE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => isPeerRange(value, "ipv4"), "must be an IPv4 range (CIDR) of at least /27")
      .default("10.64.0.0/10"),
  ),
  WIREGUARD_IPV6_RANGE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => isPeerRange(value, "ipv6"), "must be an IPv6 range (CIDR) of at least /123")
      .default("fd64:7670::/64"),
  ),
  /** Days the WireGuard change feed keeps; a server further behind reads the whole peer list again. */
  WIREGUARD_CHANGES_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int("must be a whole number").min(1, "must be 1 or more").max(365).default(30),
  ),
  /**
   * Per-server bearer tokens (comma-separated, 32+ characters each) that read only the WireGuard
   * peer list and change feed; OPERATOR_TOKEN reads them too. Unset: only OPERATOR_TOKEN.
   */
  VPN_SERVER_TOKENS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((token) => token.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().min(32, "each token must be at least 32 characters")))
      .optional(),
  ),
  /** Days of analytics events kept; older days are deleted by a background task. */
  ANALYTICS_RETENTION_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1, "must be 1 or more").max(3650).default(395),
  ),
  /** Days before an automatic renewal that the customer is told (amount, date, how to cancel); 0 = off. */
  RENEWAL_NOTICE_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int("must be a whole number").min(0, "must be 0 (off) or more").max(60).default(7),
  ),
  /** Plans shorter than this many months renew without a renewal notice. */
  RENEWAL_NOTICE_MIN_MONTHS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int("must be a whole number").min(1, "must be 1 or more").max(120).default(6),
  ),
  /** Days before a plan whose renewal is off ends that the customer is told; 0 = off. */
  EXPIRY_NOTICE_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int("must be a whole number").min(0, "must be 0 (off) or more").max(60).default(7),
  ),
  /** How often each process looks for notices that are due (renewal, expiry, failed renewal). */
  NOTICES_EVERY_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(1_000, "must be 1000 (1 s) or more")
      .default(15 * 60 * 1000),
  ),
  /** Free time an invite earns each side (the inviter and the friend) on the friend's first paid purchase; both 0 = off (decision 047). */
  INVITE_REWARD_MONTHS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int("must be a whole number").min(0, "must be 0 or more").max(24).default(1),
  ),
  INVITE_REWARD_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int("must be a whole number").min(0, "must be 0 or more").max(366).default(0),
  ),
  /** Inviter rewards per inviter in any 365 days (the friend's reward is not capped). */
  INVITE_REWARDS_PER_YEAR: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int("must be a whole number").min(0, "must be 0 or more").max(1000).default(12),
  ),
  /** Days after the friend's payment before the rewards are final; unset = the money-back window (content/claims.ts). */
  INVITE_REWARD_DELAY_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int("must be a whole number").min(0, "must be 0 or more").max(365).optional(),
  ),
  /** How often each process records, grants and takes back invite rewards (payment events also wake it). */
  INVITES_EVERY_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .min(1_000, "must be 1000 (1 s) or more")
      .default(15 * 60 * 1000),
  ),
  /**
   * Request log lines carry the client's network (IPv4 /24, IPv6 /48) by default; `full` keeps the
   * whole address (an abuse investigation; then say so in the privacy policy). Decision 041.
   */
  LOG_IP_ADDRESSES: z.preprocess(emptyToUndefined, z.enum(["truncated", "full"]).default("truncated")),
  /**
   * `on`: customers may open an account with a 16-digit account number instead of an e-mail
   * address, and sign in with it (decision 042). Off by default.
   */
  ACCOUNT_NUMBERS: z.preprocess(emptyToUndefined, z.enum(["on", "off"]).default("off")),
  /**
   * The key of the HMAC under which account numbers are stored (at least 32 characters; needed
   * with ACCOUNT_NUMBERS=on). Changing it makes every stored account number unusable.
   */
  ACCOUNT_NUMBER_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, "must be at least 32 characters (e.g. `openssl rand -hex 32`)").optional(),
  ),
  /** Hard limit of a shutdown, counted from the signal: then every connection left is closed. */
  SHUTDOWN_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(10_000)),
  /** After the signal, how long readiness fails while requests are still answered (see shutdownDrainMs). */
  SHUTDOWN_DRAIN_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).optional()),
});

export type PaymentMode = "live" | "test" | "sandbox" | "off";

/** The settings, with PAYMENT_MODE resolved from NODE_ENV when unset. */
export type Config = Omit<z.infer<typeof configSchema>, "PAYMENT_MODE" | RetiredVariable> & {
  PAYMENT_MODE: PaymentMode;
};

/** Variables no longer read: setting one stops the start with a line saying what replaced it. */
export const RETIRED_VARIABLES = {
  PRODUCTION_DOMAINS:
    "is no longer read: set PAYMENT_MODE=live or test instead (payments never depend on the request's host)",
  BRAND_NAME:
    "is no longer read: the brand is set in content/brand/brand.ts and built into the pages (`npm run build`)",
} as const;
type RetiredVariable = keyof typeof RETIRED_VARIABLES;

/** The variables the app reads (configSchema's keys but the retired ones). */
export const CONFIG_VARIABLES = Object.keys(configSchema.shape).filter(
  (name) => !Object.hasOwn(RETIRED_VARIABLES, name),
) as Array<Exclude<keyof typeof configSchema.shape, RetiredVariable>>;

/** Production's required settings, each with what it is for (said in the start error). */
const REQUIRED_IN_PRODUCTION = [
  ["PUBLIC_ORIGIN", "the https address visitors use, e.g. https://vpn.example.com"],
  ["SMTP_URL", "the mail server for sign-in codes and receipts, e.g. smtps://user:password@mail.example.com:465"],
  ["MAIL_FROM", 'the sender of every e-mail, e.g. "Example VPN <no-reply@vpn.example.com>"'],
  ["SUPPORT_EMAIL", "where contact-us reports are mailed"],
  ["LEGAL_ENTITY", "the company the terms and the privacy policy name"],
  ["LEGAL_ADDRESS", "that company's postal address, shown on the legal pages"],
  ["GOVERNING_LAW", "the law the terms are under, e.g. the Netherlands"],
  ["PRIVACY_EMAIL", "where privacy requests go, named in the privacy policy"],
] as const;

/** Settings the brand file may supply instead of the environment, and its field for each. */
const BRAND_FIELDS: Partial<Record<string, string>> = {
  LEGAL_ENTITY: "legalEntity",
  SUPPORT_EMAIL: "supportEmail",
  PRIVACY_EMAIL: "privacyEmail",
};

function brandSettings(brand: Pick<Brand, "legalEntity" | "supportEmail" | "privacyEmail">) {
  const real = (address: string | undefined) => (address && !/@localhost$/i.test(address) ? address : undefined);
  return {
    LEGAL_ENTITY: brand.legalEntity,
    SUPPORT_EMAIL: real(brand.supportEmail),
    PRIVACY_EMAIL: real(brand.privacyEmail),
  } as Partial<Record<string, string>>;
}

/**
 * What a production start needs besides payments, one entry per missing or unfit setting: the
 * address visitors use (https), mail, and the details the legal pages and e-mails name. Values
 * are never shown but PUBLIC_ORIGIN's. The brand file's legal entity and addresses count as set
 * (a support address on localhost does not).
 */
export function productionSettingsErrors(
  env: Record<string, string | undefined>,
  data: Pick<z.infer<typeof configSchema>, "PUBLIC_ORIGIN">,
  brand: Pick<Brand, "legalEntity" | "supportEmail" | "privacyEmail"> = BRAND,
): ConfigError[] {
  const fromBrand = brandSettings(brand);
  const errors = REQUIRED_IN_PRODUCTION.filter(([variable]) => !env[variable]?.trim() && !fromBrand[variable]).map(
    ([variable, what]) =>
      new ConfigError(
        variable,
        `is required when NODE_ENV=production${BRAND_FIELDS[variable] ? ` (or ${BRAND_FIELDS[variable]} in content/brand/brand.ts)` : ""}: ${what}`,
      ),
  );
  if (data.PUBLIC_ORIGIN && !data.PUBLIC_ORIGIN.startsWith("https:")) {
    // The origin alone is shown: new URL().origin has dropped any user:password@.
    errors.unshift(
      new ConfigError(
        "PUBLIC_ORIGIN",
        `must be https when NODE_ENV=production (got ${JSON.stringify(data.PUBLIC_ORIGIN)}): the address visitors use, with TLS at your proxy`,
      ),
    );
  }
  return errors;
}

/** Values a start error may show: everything else may be a secret (keys, tokens, URLs with passwords). */
const SHOWABLE =
  /^(NODE_ENV|PORT|HOST|PUBLIC_ORIGIN|DATA_DIR|CAPTCHA_PROVIDER|TRUST_PROXY|LOG_LEVEL|STUN_PORT|STUN_HOST|DNS_LEAK_ZONE|DNS_LEAK_PORT|DNS_LEAK_HOST|DNS_LEAK_ADDRESS|PAYMENT_MODE|WEB_CONCURRENCY|[A-Z_]+_MS|[A-Z_]+_DAYS)$/;

type Settings = z.infer<typeof configSchema>;

/** Each processor kind's key and webhook secret, per mode (decision 048): one line each. */
const KIND_KEYS: Record<ProcessorKind, Record<"live" | "test", readonly [keyof Settings, keyof Settings]>> = {
  stripe: {
    live: ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"],
    test: ["STRIPE_TEST_SECRET_KEY", "STRIPE_TEST_WEBHOOK_SECRET"],
  },
  paddle: {
    live: ["PADDLE_API_KEY", "PADDLE_WEBHOOK_SECRET"],
    test: ["PADDLE_SANDBOX_API_KEY", "PADDLE_SANDBOX_WEBHOOK_SECRET"],
  },
  paypal: {
    live: ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET"],
    test: ["PAYPAL_SANDBOX_CLIENT_ID", "PAYPAL_SANDBOX_CLIENT_SECRET"],
  },
  razorpay: {
    live: ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET"],
    test: ["RAZORPAY_TEST_KEY_ID", "RAZORPAY_TEST_KEY_SECRET"],
  },
  // One store for either mode (a testnet store for test); the other two BTCPAY_ settings are checked below.
  btcpay: {
    live: ["BTCPAY_API_KEY", "BTCPAY_WEBHOOK_SECRET"],
    test: ["BTCPAY_API_KEY", "BTCPAY_WEBHOOK_SECRET"],
  },
};

/** Each processor's key and webhook secret, per slot: both or neither. */
const KEY_PAIRS = [
  ...Object.values(KIND_KEYS).flatMap((slots) => [slots.live, slots.test]),
  // PayPal has a third: the id of the webhook its signatures are verified against.
  ["PAYPAL_CLIENT_ID", "PAYPAL_WEBHOOK_ID"],
  ["PAYPAL_SANDBOX_CLIENT_ID", "PAYPAL_SANDBOX_WEBHOOK_ID"],
  // Razorpay's too: the webhook secret its signatures are checked with.
  ["RAZORPAY_KEY_ID", "RAZORPAY_WEBHOOK_SECRET"],
  ["RAZORPAY_TEST_KEY_ID", "RAZORPAY_TEST_WEBHOOK_SECRET"],
] as const;

/** The provider map's rules: each mapped kind keyed in this mode, the narrowing settings naming mapped codes only. */
function providerMapError(data: Settings, mode: PaymentMode): ConfigError | null {
  const map = data.PAYMENT_PROVIDERS;
  if (!map) return null;
  if (mode === "live" || mode === "test") {
    for (const { code, kind } of map) {
      const [key, secret] = KIND_KEYS[kind][mode];
      if (!data[key]) {
        return new ConfigError(
          "PAYMENT_PROVIDERS",
          `maps ${code} to ${kind}, which has no keys in PAYMENT_MODE=${mode}: set ${key} and ${secret}`,
        );
      }
    }
  }
  for (const variable of ["PAYMENT_PROVIDER_CURRENCIES", "PAYMENT_PROVIDER_COUNTRIES"] as const) {
    const unmapped = Object.keys(data[variable] ?? {}).find((code) => !map.some((entry) => entry.code === code));
    if (unmapped) return new ConfigError(variable, `names ${unmapped}, which PAYMENT_PROVIDERS does not map`);
  }
  return null;
}

/** The payment rules no single variable shows: the first broken one, or null. */
function paymentConfigError(data: Settings, mode: PaymentMode): ConfigError | null {
  if (mode === "sandbox" && data.NODE_ENV === "production") {
    return new ConfigError(
      "PAYMENT_MODE",
      "must not be `sandbox` when NODE_ENV=production: use `test` with the processors' test keys for staging",
    );
  }
  for (const [key, secret] of KEY_PAIRS) {
    if (data[key] && !data[secret]) return new ConfigError(secret, `is needed when ${key} is set`);
    if (data[secret] && !data[key]) return new ConfigError(key, `is needed when ${secret} is set`);
  }
  const btcpay = ["BTCPAY_URL", "BTCPAY_API_KEY", "BTCPAY_STORE_ID", "BTCPAY_WEBHOOK_SECRET"] as const;
  const btcpayMissing = btcpay.find((name) => !data[name]);
  if (btcpayMissing && btcpay.some((name) => data[name])) {
    return new ConfigError(btcpayMissing, "is needed when another BTCPAY_ setting is set (all four or none)");
  }
  const mapError = providerMapError(data, mode);
  if (mapError) return mapError;
  if (
    mode === "live" &&
    !data.STRIPE_SECRET_KEY &&
    !data.PADDLE_API_KEY &&
    !data.PAYPAL_CLIENT_ID &&
    !data.RAZORPAY_KEY_ID &&
    !data.BTCPAY_API_KEY
  ) {
    return new ConfigError(
      "PAYMENT_MODE",
      `is live${data.NODE_ENV === "production" ? " (the default with NODE_ENV=production)" : ""} but no processor has keys: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PADDLE_API_KEY and PADDLE_WEBHOOK_SECRET, or PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID, or RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET, or PAYMENT_MODE=off to sell nothing yet`,
    );
  }
  if (
    mode === "test" &&
    !data.STRIPE_TEST_SECRET_KEY &&
    !data.PADDLE_SANDBOX_API_KEY &&
    !data.PAYPAL_SANDBOX_CLIENT_ID &&
    !data.RAZORPAY_TEST_KEY_ID &&
    !data.BTCPAY_API_KEY
  ) {
    return new ConfigError(
      "PAYMENT_MODE",
      "is test but no processor has test keys: set STRIPE_TEST_SECRET_KEY and STRIPE_TEST_WEBHOOK_SECRET, or PADDLE_SANDBOX_API_KEY and PADDLE_SANDBOX_WEBHOOK_SECRET, or PAYPAL_SANDBOX_CLIENT_ID, PAYPAL_SANDBOX_CLIENT_SECRET and PAYPAL_SANDBOX_WEBHOOK_ID, or RAZORPAY_TEST_KEY_ID, RAZORPAY_TEST_KEY_SECRET and RAZORPAY_TEST_WEBHOOK_SECRET",
    );
  }
  return null;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = "ConfigError";
  }
}

/** Several settings wrong at once (production's required ones): one line each, so one start names them all. */
export class ConfigErrors extends ConfigError {
  constructor(readonly errors: [ConfigError, ...ConfigError[]]) {
    super(errors[0].variable, "");
    this.message = errors.map((error) => error.message).join("\n");
    this.name = "ConfigErrors";
  }
}

/** Parses the environment; throws ConfigError naming the first bad variable (ConfigErrors: all of production's missing ones). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) {
    const data = parsed.data;
    for (const [variable, detail] of Object.entries(RETIRED_VARIABLES)) {
      if (data[variable as RetiredVariable] !== undefined) throw new ConfigError(variable, detail);
    }
    if (data.NODE_ENV === "production") {
      const [first, ...rest] = productionSettingsErrors(env, data);
      if (first) throw rest.length > 0 ? new ConfigErrors([first, ...rest]) : first;
    }
    if (data.CAPTCHA_PROVIDER === "none" && data.NODE_ENV === "production") {
      throw new ConfigError("CAPTCHA_PROVIDER", "must not be `none` when NODE_ENV=production");
    }
    if (data.CAPTCHA_PROVIDER === "recaptcha" && !(data.RECAPTCHA_SITE_KEY && data.RECAPTCHA_SECRET)) {
      throw new ConfigError("RECAPTCHA_SECRET", "and RECAPTCHA_SITE_KEY are needed when CAPTCHA_PROVIDER=recaptcha");
    }
    if (data.CAPTCHA_PROVIDER === "turnstile" && !(data.TURNSTILE_SITE_KEY && data.TURNSTILE_SECRET)) {
      throw new ConfigError("TURNSTILE_SECRET", "and TURNSTILE_SITE_KEY are needed when CAPTCHA_PROVIDER=turnstile");
    }
    if (data.ACCOUNT_NUMBERS === "on" && !data.ACCOUNT_NUMBER_SECRET) {
      throw new ConfigError("ACCOUNT_NUMBER_SECRET", "is needed when ACCOUNT_NUMBERS=on (e.g. `openssl rand -hex 32`)");
    }
    if (data.SHUTDOWN_DRAIN_MS && data.SHUTDOWN_DRAIN_MS >= data.SHUTDOWN_TIMEOUT_MS) {
      throw new ConfigError("SHUTDOWN_DRAIN_MS", `must be below SHUTDOWN_TIMEOUT_MS (${data.SHUTDOWN_TIMEOUT_MS})`);
    }
    if (data.DNS_LEAK_ZONE && data.DNS_LEAK_ADDRESS.length === 0) {
      throw new ConfigError("DNS_LEAK_ADDRESS", "is needed when DNS_LEAK_ZONE is set: the address(es) of this app");
    }
    const mode: PaymentMode = data.PAYMENT_MODE ?? (data.NODE_ENV === "production" ? "live" : "sandbox");
    const paymentError = paymentConfigError(data, mode);
    if (paymentError) throw paymentError;
    const { PRODUCTION_DOMAINS: _gone, BRAND_NAME: _moved, ...rest } = data;
    return { ...rest, PAYMENT_MODE: mode };
  }
  const issue = parsed.error.issues[0];
  const variable = String(issue?.path[0] ?? "environment");
  const value = env[variable];
  // Keys, tokens and URLs with passwords are never echoed: only plainly public settings are.
  const shown = value === undefined || !SHOWABLE.test(variable) ? "" : ` (got ${JSON.stringify(value)})`;
  throw new ConfigError(variable, `${issue?.message ?? "is invalid"}${shown}`);
}

/**
 * The drain: after SIGTERM the process answers on (readiness 503, every answer `Connection: close`)
 * until the load balancer has seen the failing health check, and only then stops listening.
 * Unset, it is 5 s in production (at most half the shutdown timeout, leaving the rest to requests
 * in flight) and 0 elsewhere, where no balancer waits and Ctrl-C should stop at once.
 */
export function shutdownDrainMs(
  config: Pick<Config, "NODE_ENV" | "SHUTDOWN_DRAIN_MS" | "SHUTDOWN_TIMEOUT_MS">,
): number {
  if (config.SHUTDOWN_DRAIN_MS !== undefined) return config.SHUTDOWN_DRAIN_MS;
  return config.NODE_ENV === "production" ? Math.min(5_000, Math.floor(config.SHUTDOWN_TIMEOUT_MS / 2)) : 0;
}
