import type { Logger } from "pino";
import type { RunningServer } from "./start-server";

/**
 * SIGTERM/SIGINT: graceful shutdown, then exit 0 (1 if closing failed). Repeated signals are
 * ignored. The server announces itself only once these handlers are in place.
 */
export function handleShutdownSignals(server: RunningServer, logger: Logger): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      server.shutdown(signal).then(
        () => process.exit(0),
        (error) => {
          logger.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
  server.announce();
}
