import { readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import { ConfigError } from "./config";

/** The variable naming the env file; it is read from the real environment only. */
export const ENV_FILE_VARIABLE = "ENV_FILE";

/**
 * Reads the env file into `env`: the file ENV_FILE names (relative to `cwd`), else `.env` in `cwd`
 * when there is one. A variable already in the environment, even empty, wins over the file.
 * That is process.loadEnvFile's rule and Node's own parser (util.parseEnv), applied to the object
 * given so tests can load a file without touching their own environment (decision 026).
 * Returns the file read, or null when ENV_FILE is unset and there is no .env.
 */
export function loadEnvFile(env: Record<string, string | undefined> = process.env, cwd = process.cwd()) {
  const named = env[ENV_FILE_VARIABLE]?.trim();
  const file = path.resolve(cwd, named || ".env");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    if (!named && code === "ENOENT") return null;
    throw new ConfigError(
      ENV_FILE_VARIABLE,
      named ? `names ${file}, which cannot be read (${code})` : `is unset and ${file} cannot be read (${code})`,
    );
  }
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] === undefined) env[name] = value;
  }
  return file;
}
