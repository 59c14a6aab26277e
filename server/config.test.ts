import { describe, expect, it } from "vitest";
import { ConfigError, isTrustProxyEntry, loadConfig, shutdownDrainMs } from "./config";

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
    expect(errorOf({ NODE_ENV: "production", CAPTCHA_PROVIDER: "none" }).variable).toBe("CAPTCHA_PROVIDER");
    expect(loadConfig({ NODE_ENV: "development", CAPTCHA_PROVIDER: "none" }).CAPTCHA_PROVIDER).toBe("none");
  });
});

const LIVE_STRIPE = { STRIPE_SECRET_KEY: "sk_live_51Hsecretvalue", STRIPE_WEBHOOK_SECRET: "whsec_secretvalue" };

describe("payments are decided by configuration", () => {
  it.each<[Record<string, string>, string]>([
    [{}, "sandbox"],
    [{ NODE_ENV: "test" }, "sandbox"],
    [{ NODE_ENV: "production", ...LIVE_STRIPE }, "live"],
    [{ NODE_ENV: "production", PAYMENT_MODE: "off" }, "off"],
    [
      {
        NODE_ENV: "production",
        PAYMENT_MODE: "test",
        STRIPE_TEST_SECRET_KEY: "rk_test_x",
        STRIPE_TEST_WEBHOOK_SECRET: "whsec_x",
      },
      "test",
    ],
    [{ NODE_ENV: "production", STRIPE_SECRET_KEY: "rk_live_restricted", STRIPE_WEBHOOK_SECRET: "whsec_x" }, "live"],
    [{ NODE_ENV: "production", PADDLE_API_KEY: "pdl_live_apikey_x", PADDLE_WEBHOOK_SECRET: "pdl_ntfset_x" }, "live"],
  ])("%o -> PAYMENT_MODE=%s", (env, mode) => {
    expect(loadConfig(env).PAYMENT_MODE).toBe(mode);
  });

  it.each<[string, Record<string, string>, string]>([
    ["production with no processor keys at all", { NODE_ENV: "production" }, "PAYMENT_MODE"],
    ["the sandbox in production", { NODE_ENV: "production", PAYMENT_MODE: "sandbox", ...LIVE_STRIPE }, "PAYMENT_MODE"],
    ["test mode without test keys", { PAYMENT_MODE: "test", ...LIVE_STRIPE }, "PAYMENT_MODE"],
    ["a test key in the live slot", { STRIPE_SECRET_KEY: "sk_test_secretvalue" }, "STRIPE_SECRET_KEY"],
    ["a live key in the test slot", { STRIPE_TEST_SECRET_KEY: "sk_live_secretvalue" }, "STRIPE_TEST_SECRET_KEY"],
    ["a Paddle sandbox key in the live slot", { PADDLE_API_KEY: "pdl_sdbx_apikey_secretvalue" }, "PADDLE_API_KEY"],
    [
      "a Stripe key without its webhook secret",
      { NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_live_secretvalue" },
      "STRIPE_WEBHOOK_SECRET",
    ],
    ["a webhook secret without its key", { PADDLE_SANDBOX_WEBHOOK_SECRET: "secretvalue" }, "PADDLE_SANDBOX_API_KEY"],
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

describe("shutdownDrainMs", () => {
  it.each([
    [{ NODE_ENV: "production" }, 5000],
    [{ NODE_ENV: "development" }, 0],
    [{ NODE_ENV: "test" }, 0],
    [{ NODE_ENV: "production", SHUTDOWN_TIMEOUT_MS: "6000" }, 3000],
    [{ NODE_ENV: "production", SHUTDOWN_TIMEOUT_MS: "0" }, 0],
    [{ NODE_ENV: "production", SHUTDOWN_DRAIN_MS: "0" }, 0],
    [{ NODE_ENV: "production", SHUTDOWN_DRAIN_MS: "15000", SHUTDOWN_TIMEOUT_MS: "30000" }, 15000],
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

describe("the deploy guide's one-machine configuration", () => {
  it("starts as written: production, live payments", async () => {
    const { readFileSync } = await import("node:fs");
    const guide = readFileSync(new URL("../docs/deploy.md", import.meta.url), "utf8");
    const block = guide.match(/## One machine\s+```sh\n([\s\S]*?)```/)?.[1] ?? "";
    const env: Record<string, string> = {};
    for (const line of block.split("\n").filter((text) => text.startsWith("export "))) {
      const assignments = line.replace(/^export /, "").replace(/\s+#.*$/, "");
      for (const [, name, quoted, bare] of assignments.matchAll(/([A-Z_]+)=(?:'([^']*)'|(\S+))/g)) {
        env[String(name)] = quoted ?? bare ?? "";
      }
    }
    expect(Object.keys(env)).toContain("STRIPE_SECRET_KEY");
    expect(loadConfig(env)).toMatchObject({ NODE_ENV: "production", PAYMENT_MODE: "live" });
  });
});
