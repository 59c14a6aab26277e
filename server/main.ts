import cluster from "node:cluster";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { type Config, ConfigError, loadConfig } from "./config";
import { createLogger } from "./logger";
import { handleShutdownSignals } from "./shutdown-signals";
import { startServer } from "./start-server";

/** The production entry: build/server.js (bundled from this file by scripts/build.mjs). */

function readConfig(): Config {
  try {
    const config = loadConfig();
    if (config.WEB_CONCURRENCY > 1 && !config.DATABASE_URL) {
      throw new ConfigError("WEB_CONCURRENCY", "above 1 needs DATABASE_URL (the embedded database serves one process)");
    }
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

const config = readConfig();
const logger = createLogger(config);

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
