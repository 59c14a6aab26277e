import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  ConfigError,
  ConfigErrors,
  isTrustProxyEntry,
  loadConfig,
  productionSettingsErrors,
  shutdownDrainMs,
} from "./config";
import { loadEnvFile } from "./env-file";

/** What production requires besides payments (each tested below), as a real operator sets it. */
const PRODUCTION = {
  NODE_ENV: "production",
  PUBLIC_ORIGIN: "https://vpn.example.com",
  SMTP_URL: "smtps://veilport:mailsecretvalue@mail.example.com:465",
  MAIL_FROM: "Example VPN <no-reply@vpn.example.com>",
  SUPPORT_EMAIL: "support@vpn.example.com",
  LEGAL_ENTITY: "Example VPN B.V.",
  LEGAL_ADDRESS: "Street 1, 1000 AA City, the Netherlands",
  GOVERNING_LAW: "the Netherlands",
  PRIVACY_EMAIL: "privacy@vpn.example.com",
} as const;

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("gives the documented defaults for an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      DATA_DIR: "./data",
      CAPTCHA_PROVIDER: "altcha",
      TRUST_PROXY: [],
      PAYMENT_MODE: "sandbox",
      LOG_LEVEL: "info",
      STUN_PORT: 3478,
      WEB_CONCURRENCY: 1,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it("treats an empty value as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" })).toMatchObject({ PORT: 3000, DATABASE_URL: undefined });
  });

  it("parses lists and normalises the public origin", () => {
    const config = loadConfig({
      TRUST_PROXY: "loopback, 10.0.0.0/8,fd00::/8",
      PUBLIC_ORIGIN: "https://vpn.example.com/some/path",
      STUN_PORT: "0",
    });
    expect(config.TRUST_PROXY).toEqual(["loopback", "10.0.0.0/8", "fd00::/8"]);
    expect(config.PUBLIC_ORIGIN).toBe("https://vpn.example.com");
    expect(config.STUN_PORT).toBe(0);
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["PORT", "30.5"],
    ["PUBLIC_ORIGIN", "vpn.example.com"],
    ["PUBLIC_ORIGIN", "ftp://vpn.example.com"],
    ["DATABASE_URL", "mysql://user:secret@db/veilport"],
    ["SMTP_URL", "http://mail.example.com"],
    ["CAPTCHA_PROVIDER", "google"],
    ["TRUST_PROXY", "everyone"],
    ["TRUST_PROXY", "10.0.0.0/33"],
    ["LOG_LEVEL", "verbose"],
    ["STUN_PORT", "-1"],
    ["WEB_CONCURRENCY", "0"],
    ["NODE_ENV", "staging"],
  ])("rejects %s=%s with one line naming the variable", (variable, value) => {
    const error = errorOf({ [variable]: value });
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
    expect(error.message).not.toContain("\n");
  });

  it("never echoes a URL that may hold a password", () => {
    const error = errorOf({ DATABASE_URL: "mysql://user:hunter2@db/veilport" });
    expect(error.message).not.toContain("hunter2");
  });

  it("refuses the none captcha in production", () => {
    expect(errorOf({ ...PRODUCTION, PAYMENT_MODE: "off", CAPTCHA_PROVIDER: "none" }).variable).toBe("CAPTCHA_PROVIDER");
    expect(loadConfig({ NODE_ENV: "development", CAPTCHA_PROVIDER: "none" }).CAPTCHA_PROVIDER).toBe("none");
  });

  it("keeps account numbers off by default, and needs a long secret to turn them on (decision 042)", () => {
    expect(loadConfig({ NODE_ENV: "test" }).ACCOUNT_NUMBERS).toBe("off");
    expect(errorOf({ NODE_ENV: "test", ACCOUNT_NUMBERS: "on" }).variable).toBe("ACCOUNT_NUMBER_SECRET");
    const short = errorOf({ NODE_ENV: "test", ACCOUNT_NUMBERS: "on", ACCOUNT_NUMBER_SECRET: "short-secret" });
    expect(short.variable).toBe("ACCOUNT_NUMBER_SECRET");
    expect(short.message).not.toContain("short-secret");
    const secret = "s".repeat(32);
    expect(loadConfig({ NODE_ENV: "test", ACCOUNT_NUMBERS: "on", ACCOUNT_NUMBER_SECRET: secret })).toMatchObject({
      ACCOUNT_NUMBERS: "on",
      ACCOUNT_NUMBER_SECRET: secret,
    });
  });
});

describe("production's required settings", () => {
  const production = { ...PRODUCTION, PAYMENT_MODE: "off" };

  it.each(Object.keys(PRODUCTION).filter((name) => name !== "NODE_ENV"))(
    "stops without %s, in one line naming it and no value",
    (variable) => {
      for (const missing of [undefined, ""]) {
        const env: Record<string, string> = { ...production };
        if (missing === undefined) delete env[variable];
        else env[variable] = missing;
        const error = errorOf(env);
        expect(error).not.toBeInstanceOf(ConfigErrors);
        expect(error.variable).toBe(variable);
        expect(error.message).toMatch(
          new RegExp(
            `^Invalid configuration: ${variable} is required when NODE_ENV=production( \\(or \\w+ in content/brand/brand\\.ts\\))?: `,
          ),
        );
        expect(error.message).not.toContain("\n");
        expect(error.message).not.toContain("secretvalue");
      }
    },
  );

  it("takes the legal entity and the addresses from the brand file, but not a localhost address", () => {
    const env = { ...production } as Record<string, string>;
    for (const name of ["LEGAL_ENTITY", "SUPPORT_EMAIL", "PRIVACY_EMAIL"]) delete env[name];
    const brand = { legalEntity: "Northwind B.V.", supportEmail: "help@northwind.example", privacyEmail: undefined };
    expect(
      productionSettingsErrors(env, { PUBLIC_ORIGIN: production.PUBLIC_ORIGIN }, brand).map((e) => e.variable),
    ).toEqual(["PRIVACY_EMAIL"]);
    const local = {
      legalEntity: undefined,
      supportEmail: "support@localhost",
      privacyEmail: "privacy@northwind.example",
    };
    const errors = productionSettingsErrors(env, { PUBLIC_ORIGIN: production.PUBLIC_ORIGIN }, local);
    expect(errors.map((e) => e.variable)).toEqual(["SUPPORT_EMAIL", "LEGAL_ENTITY"]);
    expect(errors[1]?.message).toContain("(or legalEntity in content/brand/brand.ts)");
  });

  it("takes a blank legal detail for a missing one", () => {
    expect(errorOf({ ...production, LEGAL_ENTITY: "   " }).variable).toBe("LEGAL_ENTITY");
  });

  it("names every missing one, one line each, in a single start", () => {
    const error = errorOf({ NODE_ENV: "production", PAYMENT_MODE: "off", SMTP_URL: PRODUCTION.SMTP_URL });
    expect(error).toBeInstanceOf(ConfigErrors);
    expect(error.message.split("\n").map((line) => line.split(" ")[2])).toEqual([
      "PUBLIC_ORIGIN",
      "MAIL_FROM",
      "SUPPORT_EMAIL",
      "LEGAL_ENTITY",
      "LEGAL_ADDRESS",
      "GOVERNING_LAW",
      "PRIVACY_EMAIL",
    ]);
    expect(error.message).not.toContain("secretvalue");
  });

  it("wants PUBLIC_ORIGIN on https, and shows it without a password", () => {
    const error = errorOf({ ...production, PUBLIC_ORIGIN: "http://admin:secretvalue@vpn.example.com" });
    expect(error.message).toBe(
      'Invalid configuration: PUBLIC_ORIGIN must be https when NODE_ENV=production (got "http://vpn.example.com"): the address visitors use, with TLS at your proxy',
    );
    expect(loadConfig({ NODE_ENV: "development", PUBLIC_ORIGIN: "http://localhost:3000" }).PUBLIC_ORIGIN).toBe(
      "http://localhost:3000",
    );
  });

  it("starts with all of them, and needs none of them outside production", () => {
    expect(loadConfig(production)).toMatchObject({ NODE_ENV: "production", SUPPORT_EMAIL: "support@vpn.example.com" });
    expect(loadConfig({ NODE_ENV: "test" })).toMatchObject({ SUPPORT_EMAIL: "support@localhost" });
  });

  it("refuses BRAND_NAME, saying where the brand is set now", () => {
    expect(errorOf({ BRAND_NAME: "Northwind VPN" }).message).toBe(
      "Invalid configuration: BRAND_NAME is no longer read: the brand is set in content/brand/brand.ts and built into the pages (`npm run build`)",
    );
  });
});

const LIVE_STRIPE = { STRIPE_SECRET_KEY: "sk_live_51Hsecretvalue", STRIPE_WEBHOOK_SECRET: "whsec_secretvalue" };
const BTCPAY = {
  BTCPAY_URL: "https://pay.example.org",
  BTCPAY_API_KEY: "secretvalue-apikey",
  BTCPAY_STORE_ID: "StoreId1",
  BTCPAY_WEBHOOK_SECRET: "secretvalue-hook",
};

describe("payments are decided by configuration", () => {
  it.each<[Record<string, string>, string]>([
    [{}, "sandbox"],
    [{ NODE_ENV: "test" }, "sandbox"],
    [{ ...PRODUCTION, ...LIVE_STRIPE }, "live"],
    [{ ...PRODUCTION, PAYMENT_MODE: "off" }, "off"],
    [
      {
        ...PRODUCTION,
        PAYMENT_MODE: "test",
        STRIPE_TEST_SECRET_KEY: "rk_test_x",
        STRIPE_TEST_WEBHOOK_SECRET: "whsec_x",
      },
      "test",
    ],
    [{ ...PRODUCTION, STRIPE_SECRET_KEY: "rk_live_restricted", STRIPE_WEBHOOK_SECRET: "whsec_x" }, "live"],
    [{ ...PRODUCTION, PADDLE_API_KEY: "pdl_live_apikey_x", PADDLE_WEBHOOK_SECRET: "pdl_ntfset_x" }, "live"],
    [{ ...PRODUCTION, PAYPAL_CLIENT_ID: "AYx", PAYPAL_CLIENT_SECRET: "EFx", PAYPAL_WEBHOOK_ID: "WH-1" }, "live"],
    [{ ...PRODUCTION, ...BTCPAY }, "live"],
    [{ ...PRODUCTION, RAZORPAY_KEY_ID: "rzp_live_x", RAZORPAY_KEY_SECRET: "s", RAZORPAY_WEBHOOK_SECRET: "w" }, "live"],
  ])("%o -> PAYMENT_MODE=%s", (env, mode) => {
    expect(loadConfig(env).PAYMENT_MODE).toBe(mode);
  });

  it.each<[string, Record<string, string>, string]>([
    ["production with no processor keys at all", { ...PRODUCTION }, "PAYMENT_MODE"],
    ["the sandbox in production", { ...PRODUCTION, PAYMENT_MODE: "sandbox", ...LIVE_STRIPE }, "PAYMENT_MODE"],
    ["test mode without test keys", { PAYMENT_MODE: "test", ...LIVE_STRIPE }, "PAYMENT_MODE"],
    ["a test key in the live slot", { STRIPE_SECRET_KEY: "sk_test_secretvalue" }, "STRIPE_SECRET_KEY"],
    ["a live key in the test slot", { STRIPE_TEST_SECRET_KEY: "sk_live_secretvalue" }, "STRIPE_TEST_SECRET_KEY"],
    ["a Paddle sandbox key in the live slot", { PADDLE_API_KEY: "pdl_sdbx_apikey_secretvalue" }, "PADDLE_API_KEY"],
    [
      "a Stripe key without its webhook secret",
      { ...PRODUCTION, STRIPE_SECRET_KEY: "sk_live_secretvalue" },
      "STRIPE_WEBHOOK_SECRET",
    ],
    ["a webhook secret without its key", { PADDLE_SANDBOX_WEBHOOK_SECRET: "secretvalue" }, "PADDLE_SANDBOX_API_KEY"],
    [
      "a PayPal client id without its secret",
      { ...PRODUCTION, PAYPAL_CLIENT_ID: "AYx", PAYPAL_WEBHOOK_ID: "WH-1" },
      "PAYPAL_CLIENT_SECRET",
    ],
    [
      "a PayPal client id without its webhook id",
      { ...PRODUCTION, PAYPAL_CLIENT_ID: "AYx", PAYPAL_CLIENT_SECRET: "secretvalue" },
      "PAYPAL_WEBHOOK_ID",
    ],
    ["a PayPal sandbox secret alone", { PAYPAL_SANDBOX_CLIENT_SECRET: "secretvalue" }, "PAYPAL_SANDBOX_CLIENT_ID"],
    [
      "a Razorpay key id without its webhook secret",
      { ...PRODUCTION, RAZORPAY_KEY_ID: "rzp_live_x", RAZORPAY_KEY_SECRET: "secretvalue" },
      "RAZORPAY_WEBHOOK_SECRET",
    ],
    ["a Razorpay test secret alone", { RAZORPAY_TEST_KEY_SECRET: "secretvalue" }, "RAZORPAY_TEST_KEY_ID"],
    ["a BTCPay store without its webhook secret", { ...BTCPAY, BTCPAY_WEBHOOK_SECRET: "" }, "BTCPAY_WEBHOOK_SECRET"],
    ["a BTCPay address that is no URL", { ...BTCPAY, BTCPAY_URL: "pay.example.org" }, "BTCPAY_URL"],
    ["the old host rule", { PRODUCTION_DOMAINS: "vpn.example.com" }, "PRODUCTION_DOMAINS"],
    ["an unknown mode", { PAYMENT_MODE: "maybe" }, "PAYMENT_MODE"],
  ])("stops on %s, naming the variable and never the secret", (_name, env, variable) => {
    const error = errorOf(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
    expect(error.message).not.toContain("\n");
    expect(error.message).not.toContain("secretvalue");
  });
});

describe("the provider map (PAYMENT_PROVIDERS, decision 048)", () => {
  const LIVE_PADDLE = {
    PADDLE_API_KEY: "pdl_live_apikey_secretvalue",
    PADDLE_WEBHOOK_SECRET: "pdl_ntfset_secretvalue",
  };

  it("is parsed in the operator's order, with each code's currencies and countries", () => {
    const config = loadConfig({
      ...PRODUCTION,
      ...LIVE_STRIPE,
      ...LIVE_PADDLE,
      PAYMENT_PROVIDERS: "pd=paddle, s1=stripe",
      PAYMENT_PROVIDER_CURRENCIES: "pd=usd/eur",
      PAYMENT_PROVIDER_COUNTRIES: "s1=DE/AT",
    });
    expect(config.PAYMENT_PROVIDERS).toEqual([
      { code: "pd", kind: "paddle" },
      { code: "s1", kind: "stripe" },
    ]);
    expect(config.PAYMENT_PROVIDER_CURRENCIES).toEqual({ pd: ["USD", "EUR"] });
    expect(config.PAYMENT_PROVIDER_COUNTRIES).toEqual({ s1: ["DE", "AT"] });
  });

  it("lists the BTCPay store's methods (BTCPAY_PAYMENT_METHODS), and refuses a method it cannot take", () => {
    expect(loadConfig({}).BTCPAY_PAYMENT_METHODS).toBeUndefined();
    expect(loadConfig({ BTCPAY_PAYMENT_METHODS: "Bitcoin, lightning,monero" }).BTCPAY_PAYMENT_METHODS).toEqual([
      "bitcoin",
      "lightning",
      "monero",
    ]);
    expect(() => loadConfig({ BTCPAY_PAYMENT_METHODS: "bitcoin,dogecoin" })).toThrow(
      /BTCPAY_PAYMENT_METHODS must list bitcoin, lightning or monero/,
    );
    expect(() => loadConfig({ BTCPAY_PAYMENT_METHODS: "monero,monero" })).toThrow(/names a method twice/);
  });

  it("is unset by default, and any processor may be mapped in the sandbox, keys or not", () => {
    expect(loadConfig({}).PAYMENT_PROVIDERS).toBeUndefined();
    expect(loadConfig({ PAYMENT_PROVIDERS: "ps=paddle,tpa=stripe" }).PAYMENT_PROVIDERS).toHaveLength(2);
  });

  it.each<[string, Record<string, string>, string, string]>([
    ["an unknown code", { PAYMENT_PROVIDERS: "s1=stripe,zz=paddle" }, "PAYMENT_PROVIDERS", "names zz, which is no"],
    ["an unknown processor", { PAYMENT_PROVIDERS: "ps=moneybags" }, "PAYMENT_PROVIDERS", "maps ps to moneybags"],
    [
      "a mapped processor without its live keys",
      { ...PRODUCTION, ...LIVE_STRIPE, PAYMENT_PROVIDERS: "s1=stripe,pd=paddle" },
      "PAYMENT_PROVIDERS",
      "maps pd to paddle, which has no keys in PAYMENT_MODE=live: set PADDLE_API_KEY and PADDLE_WEBHOOK_SECRET",
    ],
    [
      "a mapped processor with live keys only, in test mode",
      {
        PAYMENT_MODE: "test",
        ...LIVE_PADDLE,
        STRIPE_TEST_SECRET_KEY: "sk_test_x",
        STRIPE_TEST_WEBHOOK_SECRET: "whsec_x",
        PAYMENT_PROVIDERS: "pd=paddle",
      },
      "PAYMENT_PROVIDERS",
      "maps pd to paddle, which has no keys in PAYMENT_MODE=test: set PADDLE_SANDBOX_API_KEY and PADDLE_SANDBOX_WEBHOOK_SECRET",
    ],
    [
      "a currency the site does not sell in",
      { PAYMENT_PROVIDER_CURRENCIES: "pd=USD/XYZ" },
      "PAYMENT_PROVIDER_CURRENCIES",
      'gives pd "XYZ", which is not a currency of content/currencies.ts',
    ],
    [
      "currencies for a code the map leaves out",
      { PAYMENT_PROVIDERS: "s1=stripe", PAYMENT_PROVIDER_CURRENCIES: "pd=USD" },
      "PAYMENT_PROVIDER_CURRENCIES",
      "names pd, which PAYMENT_PROVIDERS does not map",
    ],
    [
      "a country that is no code",
      { PAYMENT_PROVIDER_COUNTRIES: "rz=India" },
      "PAYMENT_PROVIDER_COUNTRIES",
      'gives rz "INDIA", which is not a country code',
    ],
  ])("stops on %s with one line naming the variable", (_name, env, variable, detail) => {
    const error = errorOf(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(`Invalid configuration: ${variable} ${detail}`);
    expect(error.message).not.toContain("\n");
    expect(error.message).not.toContain("secretvalue");
  });
});

describe("shutdownDrainMs", () => {
  it.each([
    [{ ...PRODUCTION }, 5000],
    [{ NODE_ENV: "development" }, 0],
    [{ NODE_ENV: "test" }, 0],
    [{ ...PRODUCTION, SHUTDOWN_TIMEOUT_MS: "6000" }, 3000],
    [{ ...PRODUCTION, SHUTDOWN_TIMEOUT_MS: "0" }, 0],
    [{ ...PRODUCTION, SHUTDOWN_DRAIN_MS: "0" }, 0],
    [{ ...PRODUCTION, SHUTDOWN_DRAIN_MS: "15000", SHUTDOWN_TIMEOUT_MS: "30000" }, 15000],
    [{ NODE_ENV: "development", SHUTDOWN_DRAIN_MS: "1000" }, 1000],
  ])("%j -> %i ms", (env, expected) => {
    expect(shutdownDrainMs(loadConfig({ CAPTCHA_PROVIDER: "altcha", PAYMENT_MODE: "off", ...env }))).toBe(expected);
  });

  it("refuses a drain that the shutdown timeout would cut short", () => {
    expect(errorOf({ SHUTDOWN_DRAIN_MS: "10000" }).message).toBe(
      "Invalid configuration: SHUTDOWN_DRAIN_MS must be below SHUTDOWN_TIMEOUT_MS (10000)",
    );
    expect(errorOf({ SHUTDOWN_DRAIN_MS: "-1" }).variable).toBe("SHUTDOWN_DRAIN_MS");
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: "0", SHUTDOWN_TIMEOUT_MS: "0" }).SHUTDOWN_DRAIN_MS).toBe(0);
  });
});

describe("isTrustProxyEntry", () => {
  it.each([
    ["loopback", true],
    ["127.0.0.1", true],
    ["10.0.0.0/8", true],
    ["::1", true],
    ["2001:db8::/32", true],
    ["10.0.0.0/33", false],
    ["2001:db8::/129", false],
    ["10.0.0.0/8/1", false],
    ["localhost", false],
    ["10.0.0.0/x", false],
  ])("%s -> %s", (entry, expected) => {
    expect(isTrustProxyEntry(entry)).toBe(expected);
  });
});

describe("the deploy guide's production env file", () => {
  const read = (relative: string) => readFileSync(new URL(relative, import.meta.url), "utf8");
  const dir = mkdtempSync(path.join(tmpdir(), "veilport-deploy-guide-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** The guide's file, as an operator saves it, read by the real loader over the given environment. */
  const started = (environment: Record<string, string>) => {
    const block = read("../docs/deploy.md").match(/```sh\n(# \/etc\/veilport\/veilport\.env\n[\s\S]*?)```/)?.[1];
    if (!block) throw new Error("docs/deploy.md has no env file block starting with # /etc/veilport/veilport.env");
    writeFileSync(path.join(dir, "veilport.env"), block);
    const env: Record<string, string | undefined> = { ...environment, ENV_FILE: path.join(dir, "veilport.env") };
    loadEnvFile(env, dir);
    return loadConfig(env);
  };

  it("starts as written: production on loopback behind the proxy, live payments", () => {
    expect(started({})).toMatchObject({
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      TRUST_PROXY: ["loopback"],
      STUN_HOST: "0.0.0.0",
      PUBLIC_ORIGIN: "https://vpn.example.com",
      MAIL_FROM: "Example VPN <no-reply@vpn.example.com>",
      PAYMENT_MODE: "live",
    });
  });

  it("in the Docker image, whose environment (and -e) wins over the file", () => {
    const image = read("../Dockerfile").match(/^ENV (.+)$/m)?.[1] ?? "";
    const environment = Object.fromEntries(image.split(" ").map((pair) => pair.split("=") as [string, string]));
    expect(started({ ...environment, TRUST_PROXY: "172.17.0.1" })).toMatchObject({
      NODE_ENV: "production",
      HOST: "0.0.0.0",
      DATA_DIR: "/data",
      TRUST_PROXY: ["172.17.0.1"],
      PAYMENT_MODE: "live",
    });
  });
});
