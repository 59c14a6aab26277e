import cluster from "node:cluster";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { CONFIG_VARIABLES, type Config, ConfigError, loadConfig } from "./config";
import { ENV_FILE_VARIABLE, loadEnvFile } from "./env-file";
import { createLogger } from "./logger";
import { misspeltVariables } from "./misspelt-variables";
import { handleShutdownSignals } from "./shutdown-signals";
import { startServer } from "./start-server";

/** The production entry: build/server.js (bundled from this file by scripts/build.mjs). */

/**
 * The env file (read by the primary; workers inherit its environment), then the settings. A
 * variable that looks like one of ours but is not is named with the one probably meant.
 */
function readConfig(): { config: Config; envFile: string | null; misspelt: ReturnType<typeof misspeltVariables> } {
  let misspelt: ReturnType<typeof misspeltVariables> = [];
  try {
    const envFile = cluster.isPrimary ? loadEnvFile() : null;
    if (cluster.isPrimary) {
      misspelt = misspeltVariables(Object.keys(process.env), [...CONFIG_VARIABLES, ENV_FILE_VARIABLE]);
    }
    const config = loadConfig();
    if (config.WEB_CONCURRENCY > 1 && !config.DATABASE_URL) {
      throw new ConfigError("WEB_CONCURRENCY", "above 1 needs DATABASE_URL (the embedded database serves one process)");
    }
    return { config, envFile, misspelt };
  } catch (error) {
    if (error instanceof ConfigError) {
      // A misspelling is often why a setting is missing: say it first.
      for (const { variable, meant } of misspelt) console.error(misspeltMessage(variable, meant));
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

const misspeltMessage = (variable: string, meant: string) => `${variable} is not a setting: did you mean ${meant}?`;

const { config, envFile, misspelt } = readConfig();
const logger = createLogger(config);
if (envFile) logger.info({ envFile }, "settings read from the env file (the environment wins over it)");
for (const { variable, meant } of misspelt) logger.warn({ variable, meant }, misspeltMessage(variable, meant));

if (cluster.isPrimary && config.WEB_CONCURRENCY > 1) {
  // One worker per WEB_CONCURRENCY; they share the port and the PostgreSQL database.
  logger.info({ workers: config.WEB_CONCURRENCY }, "starting workers");
  for (let i = 0; i < config.WEB_CONCURRENCY; i++) cluster.fork();
  let stopping = false;
  let failedToStop = false;
  cluster.on("exit", (worker, code) => {
    if (stopping) {
      // Each worker drains and stops on its own (shutdown-signals.ts); exit once all have.
      if (code !== 0) failedToStop = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failedToStop ? 1 : 0);
      return;
    }
    logger.error({ worker: worker.process.pid, code }, "worker died; starting another");
    cluster.fork();
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill(signal);
    });
  }
} else {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const build = (await import(pathToFileURL(path.join(here, "server/index.js")).href)) as ServerBuild;
  const pageHandler = createRequestHandler(build, config.NODE_ENV === "development" ? "development" : "production");
  const server = await startServer({ config, logger, pageHandler, clientDir: path.join(here, "client") }).catch(
    (error) => {
      logger.fatal({ err: error }, "failed to start");
      process.exit(1);
    },
  );
  handleShutdownSignals(server, logger);
}
