import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES } from "./config";
import { ENV_FILE_VARIABLE } from "./env-file";
import { editDistance, misspeltVariables } from "./misspelt-variables";

const KNOWN = [...CONFIG_VARIABLES, ENV_FILE_VARIABLE];

describe("misspeltVariables", () => {
  it.each([
    ["SUPORT_EMAIL", "SUPPORT_EMAIL"],
    ["PAYMENT_MOD", "PAYMENT_MODE"],
    ["stripe_secret_key", "STRIPE_SECRET_KEY"],
    ["Public_Origin", "PUBLIC_ORIGIN"],
    ["port", "PORT"],
    ["SMTP_URI", "SMTP_URL"],
    ["EMAIL_FROM", "MAIL_FROM"],
    ["LOGLEVEL", "LOG_LEVEL"],
    ["PUBILC_ORIGIN", "PUBLIC_ORIGIN"],
    ["WEB_CONCURENCY", "WEB_CONCURRENCY"],
    ["PRIVACY_MAIL", "PRIVACY_EMAIL"],
    ["STRIPE_WEBHOOK_SECRETS", "STRIPE_WEBHOOK_SECRET"],
    ["ENV_FLE", "ENV_FILE"],
  ])("%s -> did you mean %s", (variable, meant) => {
    expect(misspeltVariables([variable], KNOWN)).toEqual([{ variable, meant }]);
  });

  it.each([
    // Ours, as spelt.
    ...KNOWN,
    // What a shell, npm, Docker, CI or a proxy sets.
    "PATH",
    "HOME",
    "USER",
    "SHELL",
    "TERM",
    "PWD",
    "OLDPWD",
    "LANG",
    "HOSTNAME",
    "HOSTTYPE",
    "SHLVL",
    "TZ",
    "CI",
    "NODE",
    "NODE_OPTIONS",
    "NODE_PATH",
    "INIT_CWD",
    "EDITOR",
    "http_proxy",
    "https_proxy",
    "no_proxy",
    "HTTP_PROXY",
    "npm_config_cache",
    "npm_lifecycle_event",
    "npm_package_version",
    "PGHOST",
    "PGPORT",
    "SMTP_PORT",
    "SMTP_USER",
    "REDIS_URL",
    "XDG_DATA_DIRS",
    "VEILPORT_PORT",
    "KUBERNETES_SERVICE_HOST",
    "DEBUG",
    "COLORTERM",
    "LS_COLORS",
    "E2E_PORT",
  ])("%s is not taken for one of ours", (name) => {
    expect(misspeltVariables([name], KNOWN)).toEqual([]);
  });

  it("names each misspelt variable once, in the order given", () => {
    expect(misspeltVariables(["HOME", "SUPORT_EMAIL", "PORT", "stun_port"], KNOWN)).toEqual([
      { variable: "SUPORT_EMAIL", meant: "SUPPORT_EMAIL" },
      { variable: "stun_port", meant: "STUN_PORT" },
    ]);
  });
});

describe("editDistance", () => {
  it.each([
    ["", "", 0],
    ["PORT", "PORT", 0],
    ["PORT", "PROT", 1],
    ["HOST", "HOME", 2],
    ["SUPORT_EMAIL", "SUPPORT_EMAIL", 1],
    ["kitten", "sitting", 3],
  ])("%s / %s = %i", (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });

  it("stops counting past the limit", () => {
    expect(editDistance("PATH", "PAYMENT_MODE", 2)).toBe(3);
  });
});
