import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, ConfigError, ConfigErrors, loadConfig } from "./config";
import { loadEnvFile } from "./env-file";

const root = path.resolve(import.meta.dirname, "..");
const example = path.join(root, ".env.example");
const dir = mkdtempSync(path.join(tmpdir(), "veilport-env-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A folder of its own holding the given files: a working directory to load from. */
function folder(files: Record<string, string>) {
  const cwd = mkdtempSync(path.join(dir, "cwd-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(cwd, name)), { recursive: true });
    writeFileSync(path.join(cwd, name), text);
  }
  return cwd;
}

function errorOf(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("loadEnvFile", () => {
  it("reads .env from the working directory; the environment wins, even when set empty", () => {
    const cwd = folder({ ".env": 'PORT=4000\nHOST=127.0.0.1\nMAIL_FROM="Example VPN <no-reply@vpn.example.com>"\n' });
    const env: Record<string, string | undefined> = { PORT: "5000", HOST: "" };
    expect(loadEnvFile(env, cwd)).toBe(path.join(cwd, ".env"));
    expect(env).toEqual({ PORT: "5000", HOST: "", MAIL_FROM: "Example VPN <no-reply@vpn.example.com>" });
  });

  it("reads the file ENV_FILE names, relative to the working directory, instead of .env", () => {
    const cwd = folder({ ".env": "PORT=4000\n", "config/veilport.env": "PORT=4001\n" });
    const env: Record<string, string | undefined> = { ENV_FILE: "config/veilport.env" };
    expect(loadEnvFile(env, cwd)).toBe(path.join(cwd, "config/veilport.env"));
    expect(env.PORT).toBe("4001");
  });

  it("is fine without a .env, and leaves the environment as it was", () => {
    const env: Record<string, string | undefined> = { PORT: "5000", ENV_FILE: "" };
    expect(loadEnvFile(env, folder({}))).toBeNull();
    expect(env).toEqual({ PORT: "5000", ENV_FILE: "" });
  });

  it("stops with one line when the file ENV_FILE names is missing", () => {
    const cwd = folder({});
    const error = errorOf(() => loadEnvFile({ ENV_FILE: "missing.env" }, cwd));
    expect(error.variable).toBe("ENV_FILE");
    expect(error.message).toBe(
      `Invalid configuration: ENV_FILE names ${path.join(cwd, "missing.env")}, which cannot be read (ENOENT)`,
    );
  });
});

describe(".env.example", () => {
  const fromExample = () => {
    const env: Record<string, string | undefined> = { ENV_FILE: example };
    loadEnvFile(env, root);
    delete env.ENV_FILE;
    return env;
  };

  it("names every setting the app reads, and nothing else", () => {
    const names = Object.keys(fromExample());
    expect(names.filter((name) => !(CONFIG_VARIABLES as string[]).includes(name))).toEqual([]);
    expect(CONFIG_VARIABLES.filter((name) => !names.includes(name))).toEqual([]);
  });

  it("is read by a shell (set -a; . ./.env) to the same values as by the loader", () => {
    const names = Object.keys(fromExample());
    // bash -c SCRIPT $0 $1 …: the file, then the names whose values to print.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash's indirect expansion, not a template
    const script = 'set -a; . "$1" || exit 1; shift; for name in "$@"; do printf "%s=%s\\0" "$name" "${!name}"; done';
    const sourced = spawnSync("bash", ["--norc", "--noprofile", "-c", script, "bash", example, ...names], {
      env: { PATH: process.env.PATH },
      encoding: "utf8",
    });
    expect(sourced.stderr).toBe("");
    expect(sourced.status).toBe(0);
    const pairs = sourced.stdout
      .split("\0")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]);
    expect(Object.fromEntries(pairs)).toEqual(fromExample());
  });

  it("copied as is, makes a production start name each setting still to fill in, one line each", () => {
    const error = errorOf(() => loadConfig(fromExample()));
    expect(error).toBeInstanceOf(ConfigErrors);
    expect((error as ConfigErrors).errors.map((each) => each.variable)).toEqual([
      "PUBLIC_ORIGIN",
      "SMTP_URL",
      "MAIL_FROM",
      "SUPPORT_EMAIL",
      "LEGAL_ENTITY",
      "LEGAL_ADDRESS",
      "GOVERNING_LAW",
      "PRIVACY_EMAIL",
    ]);
    const lines = error.message.split("\n");
    expect(lines).toHaveLength(8);
    for (const line of lines)
      expect(line).toMatch(
        /^Invalid configuration: [A-Z_]+ is required when NODE_ENV=production( \(or \w+ in content\/brand\/brand\.ts\))?: /,
      );
  });

  it("holds the defaults: outside production it gives what an empty environment gives", () => {
    expect(loadConfig({ ...fromExample(), NODE_ENV: "development" })).toEqual(loadConfig({}));
  });
});
