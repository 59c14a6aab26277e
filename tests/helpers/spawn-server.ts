import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { PRODUCTION_SETTINGS } from "./production-settings";

export interface SpawnedServer {
  child: ChildProcess;
  /** Every JSON log line printed so far. */
  logs: Array<Record<string, unknown>>;
  stderr: string[];
  /** Resolves with the first log line (already printed or still to come) matching the predicate. */
  waitForLog(match: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  exited: Promise<number | null>;
}

/** Servers still running: a test that fails before it stops its server must not leave it behind. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** Starts a server process and follows its structured log; nothing here sleeps for a fixed time. */
export function spawnServer(
  args: string[],
  env: Record<string, string>,
  options: { cwd?: string } = {},
): SpawnedServer {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    // Production by default, with what it requires; it sells nothing unless a test gives keys or
    // another PAYMENT_MODE, and stops without a drain (5 s in production) unless a test asks for
    // one: no balancer waits here. No env file: a developer's .env must not reach a test server.
    env: {
      PATH: process.env.PATH ?? "",
      ENV_FILE: "/dev/null",
      NODE_ENV: "production",
      // What production requires; another environment keeps the defaults (the brand file's details).
      ...((env.NODE_ENV ?? "production") === "production" ? PRODUCTION_SETTINGS : {}),
      PAYMENT_MODE: "off",
      CAPTCHA_PROVIDER: "altcha",
      SHUTDOWN_DRAIN_MS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: Array<Record<string, unknown>> = [];
  const stderr: string[] = [];
  const waiters: Array<{
    match: (line: Record<string, unknown>) => boolean;
    resolve: (line: Record<string, unknown>) => void;
  }> = [];

  createInterface({ input: child.stdout! }).on("line", (text) => {
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(text);
    } catch {
      line = { msg: text };
    }
    logs.push(line);
    for (const waiter of waiters.filter((w) => w.match(line))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  });
  createInterface({ input: child.stderr! }).on("line", (text) => stderr.push(text));
  running.add(child);
  const exited = once(child, "exit").then(([code]) => {
    running.delete(child);
    return code as number | null;
  });

  return {
    child,
    logs,
    stderr,
    exited,
    waitForLog(match) {
      const seen = logs.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        waiters.push({ match, resolve });
        exited.then((code) => reject(new Error(`server exited (${code}) first; stderr: ${stderr.join("\n")}`)));
      });
    },
  };
}
