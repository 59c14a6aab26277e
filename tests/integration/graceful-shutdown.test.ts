import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/free-port";
import { spawnServer } from "../helpers/spawn-server";
import { testDatabaseTargets } from "../helpers/test-databases";

// Rolling restarts behind a load balancer: SIGTERM arrives while keep-alive clients are busy.
// No request the server accepted may be reset; readiness fails first, and the process exits 0.

const root = path.resolve(import.meta.dirname, "../..");
const serverBundle = path.join(root, "build/server.js");
const PLANS_PATH = "/api/mms/payment/v1/providers/plans";
const CLIENTS = 20;
const CHECK_INTERVAL_MS = 50;
const UNHEALTHY_THRESHOLD = 2;
/** Several times what the health check needs to take the node out on a busy two-core machine. */
const DRAIN_MS = 3000;
/** Answered requests before the signal, so that every client has a warm keep-alive socket. */
const ANSWERED_BEFORE_SIGNAL = 300;

let dataDir: string;
beforeAll(() => {
  if (!existsSync(serverBundle))
    throw new Error("build/server.js is missing: run `npm run build` first (npm test does)");
  dataDir = mkdtempSync(path.join(tmpdir(), "veilport-shutdown-"));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Outcome =
  | { kind: "answered"; status: number; connectionClose: boolean; sentAt: number }
  /** The connection was never accepted (the listener is closed): the client tries another node. */
  | { kind: "refused" }
  /** The request was written to an accepted connection and never answered. */
  | { kind: "reset"; error: string; reusedSocket: boolean };

/** One request the way a load balancer's HTTP client sends it, on its keep-alive agent. */
function send(port: number, agent: http.Agent | false, urlPath: string): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (!settled) resolve(outcome);
      settled = true;
    };
    const sentAt = performance.now();
    const request = http.get(
      { host: "127.0.0.1", port, path: urlPath, agent, headers: { "x-app-type": "501" } },
      (response) => {
        response.on("error", (error) =>
          settle({ kind: "reset", error: error.message, reusedSocket: request.reusedSocket }),
        );
        response.on("aborted", () =>
          settle({ kind: "reset", error: "response aborted", reusedSocket: request.reusedSocket }),
        );
        response.on("end", () =>
          settle({
            kind: "answered",
            status: response.statusCode ?? 0,
            connectionClose: response.headers.connection === "close",
            sentAt,
          }),
        );
        response.resume();
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) =>
      settle(
        error.code === "ECONNREFUSED"
          ? { kind: "refused" }
          : { kind: "reset", error: `${error.code ?? ""} ${error.message}`, reusedSocket: request.reusedSocket },
      ),
    );
  });
}

/**
 * The load balancer's health check: GET /readyz on a fresh connection every CHECK_INTERVAL_MS
 * until the node is gone. UNHEALTHY_THRESHOLD failures in a row take the node out of rotation.
 * The node is gone when a connection is refused, or reset: with workers, the cluster primary
 * drops a connection that arrives just as the last worker stops listening. That is a check, never a
 * request: by then the balancer sends none (asserted below).
 */
function startHealthCheck(port: number, stopped: () => boolean) {
  const statuses: number[] = [];
  let onFirstAnswer = () => {};
  const answered = new Promise<void>((resolve) => {
    onFirstAnswer = resolve;
  });
  let failuresInARow = 0;
  let nodeOutAt: number | undefined;
  let goneAt: number | undefined;
  const done = (async () => {
    while (!stopped()) {
      const outcome = await send(port, false, "/readyz");
      if (outcome.kind !== "answered") {
        goneAt = performance.now();
        return;
      }
      statuses.push(outcome.status);
      onFirstAnswer();
      failuresInARow = outcome.status === 200 ? 0 : failuresInARow + 1;
      if (failuresInARow >= UNHEALTHY_THRESHOLD) nodeOutAt ??= performance.now();
      await new Promise((resolve) => setTimeout(resolve, CHECK_INTERVAL_MS)); // the check's interval
    }
  })();
  return {
    statuses,
    answered,
    done,
    nodeOutAt: () => nodeOutAt,
    goneAt: () => goneAt,
    nodeIsOut: () => nodeOutAt !== undefined,
  };
}

interface Load {
  answered: Array<Extract<Outcome, { kind: "answered" }>>;
  /** Resolves once ANSWERED_BEFORE_SIGNAL requests have been answered. */
  warm: Promise<void>;
  resets: Array<Extract<Outcome, { kind: "reset" }>>;
  refused: number;
  inFlight: number;
  done: Promise<void>;
}

/**
 * The balancer's traffic to this node: CLIENTS loops, each with a keep-alive agent of one socket.
 * Like a balancer, an agent drops a socket whose response said `Connection: close` and opens a new
 * one; once the health check has taken the node out, no new request goes to it (the balancer sends
 * it to another node). A refused connection also ends a loop.
 */
function startLoad(port: number, nodeIsOut: () => boolean): Load {
  let onWarm = () => {};
  const warm = new Promise<void>((resolve) => {
    onWarm = resolve;
  });
  const load: Load = { answered: [], warm, resets: [], refused: 0, inFlight: 0, done: Promise.resolve() };
  const client = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (!nodeIsOut()) {
        load.inFlight++;
        const outcome = await send(port, agent, PLANS_PATH);
        load.inFlight--;
        if (outcome.kind === "answered") {
          load.answered.push(outcome);
          if (load.answered.length >= ANSWERED_BEFORE_SIGNAL) onWarm();
        } else if (outcome.kind === "reset") load.resets.push(outcome);
        else {
          load.refused++;
          return;
        }
      }
    } finally {
      agent.destroy();
    }
  };
  load.done = Promise.all(Array.from({ length: CLIENTS }, client)).then(() => undefined);
  return load;
}

function nth(count: number, match: (line: Record<string, unknown>) => boolean) {
  let seen = 0;
  return (line: Record<string, unknown>) => match(line) && ++seen === count;
}

async function shutDownUnderLoad(env: Record<string, string>, processes: number) {
  const port = await freePort();
  const server = spawnServer([serverBundle], {
    PORT: String(port),
    HOST: "127.0.0.1",
    STUN_PORT: "0",
    LOG_LEVEL: "info",
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    ...env,
  });
  try {
    await server.waitForLog(nth(processes, (line) => line.msg === "listening"));
    let exited = false;
    const exitCode = server.exited.then((code) => {
      exited = true;
      return code;
    });
    const healthCheck = startHealthCheck(port, () => exited);
    const load = startLoad(port, () => healthCheck.nodeIsOut() || exited);
    await Promise.race([
      Promise.all([load.warm, healthCheck.answered]),
      server.exited.then((code) => Promise.reject(new Error(`server exited (${code}): ${server.stderr.join("\n")}`))),
    ]);

    const answeredBefore = load.answered.length;
    const inFlightAtSignal = load.inFlight;
    const signalledAt = performance.now();
    server.child.kill("SIGTERM");
    // Every process has begun shutting down: what is sent from now on meets a draining server.
    await server.waitForLog(nth(processes, (line) => String(line.msg).startsWith("shutting down")));
    const drainingSince = performance.now();

    const code = await exitCode;
    await Promise.all([load.done, healthCheck.done]);
    const sentWhileDraining = load.answered.filter((outcome) => outcome.sentAt > drainingSince);
    const summary = JSON.stringify({
      answeredBefore,
      inFlightAtSignal,
      answeredAfter: load.answered.length - answeredBefore,
      sentWhileDraining: sentWhileDraining.length,
      refused: load.refused,
      resets: load.resets.length,
      readiness: healthCheck.statuses.slice(-8),
      nodeOutAfter: Math.round((healthCheck.nodeOutAt() ?? Number.NaN) - signalledAt),
      goneAfter: Math.round((healthCheck.goneAt() ?? Number.NaN) - signalledAt),
    });

    // Nothing the node accepted was lost, neither in flight at the signal nor during the drain.
    expect(load.resets, summary).toEqual([]);
    expect(load.answered.every((outcome) => outcome.status === 200)).toBe(true);
    expect(code).toBe(0);
    // The node kept answering while the balancer noticed, and told each client to let go of its socket.
    expect(sentWhileDraining.length, summary).toBeGreaterThan(0);
    expect(sentWhileDraining.every((outcome) => outcome.connectionClose)).toBe(true);
    // The health check went from 200 to 503 for good: the balancer took the node out, and only
    // after the drain did the node stop listening.
    const statuses = healthCheck.statuses;
    const firstFailure = statuses.indexOf(503);
    expect(firstFailure, summary).toBeGreaterThan(0);
    expect(statuses.slice(0, firstFailure).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(firstFailure).every((status) => status === 503)).toBe(true);
    const nodeOutAt = healthCheck.nodeOutAt();
    const goneAt = healthCheck.goneAt();
    expect(nodeOutAt, summary).toBeDefined();
    expect(goneAt, summary).toBeDefined();
    expect(goneAt! - signalledAt).toBeGreaterThanOrEqual(DRAIN_MS);
    expect(nodeOutAt!, "the balancer took the node out before the drain ended").toBeLessThan(goneAt!);
    expect(server.logs.filter((line) => line.msg === "stopped")).toHaveLength(processes);
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
  }
}

describe("shutdown under keep-alive load", () => {
  it("one process on PGlite: readiness fails, the drain answers everything, then exit 0", async () => {
    await shutDownUnderLoad({ DATA_DIR: path.join(dataDir, "pglite") }, 1);
  }, 120_000);

  const postgres = testDatabaseTargets().find((target) => target.name === "postgres");
  it.runIf(postgres)(
    "two workers on PostgreSQL: the same, in both workers",
    async () => {
      const database = await postgres!.open();
      try {
        await shutDownUnderLoad({ DATABASE_URL: database.url!, WEB_CONCURRENCY: "2" }, 2);
      } finally {
        await database.close();
      }
    },
    120_000,
  );
});
