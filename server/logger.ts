import pino, { type Logger } from "pino";
import type { Config } from "./config";

/** Structured JSON logs on stdout; secrets never reach them (redacted by path). */
export function createLogger(config: Pick<Config, "LOG_LEVEL">): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: { pid: process.pid },
    redact: ["password", "*.password", "token", "*.token", "headers.authorization", "headers.cookie"],
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
