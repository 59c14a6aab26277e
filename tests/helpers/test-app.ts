import pino from "pino";
import type { DatabaseHandle } from "../../db/client";
import { createApp } from "../../server/app";
import { type Config, loadConfig } from "../../server/config";
import type { AppDeps } from "../../server/context";

/** An in-process app over the given database; requests go through app.request(), no socket. */
export function createTestApp(
  database: DatabaseHandle,
  overrides: { env?: Record<string, string>; deps?: Partial<AppDeps> } = {},
) {
  const config: Config = loadConfig({ NODE_ENV: "test", ...overrides.env });
  return createApp({ config, database, logger: pino({ level: "silent" }), ...overrides.deps });
}
