import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/free-port";
import { type SpawnedServer, spawnServer } from "../helpers/spawn-server";
import { testDatabaseTargets } from "../helpers/test-databases";

// Rolling restarts behind a load balancer: SIGTERM arrives while keep-alive clients are busy.
// No request the server accepted may be reset; readiness fails first, and the process exits 0.

const root = path.resolve(import.meta.dirname, "../..");
const serverBundle = path.join(root, "build/server.js");
const PLANS_PATH = "/api/mms/payment/v1/providers/plans";
const DRAIN_MS = 1000;
const CLIENTS = 20;
const CHECK_INTERVAL_MS = 50;
const UNHEALTHY_THRESHOLD = 3;
/** Answered requests before the signal, so that every client has a warm keep-alive socket. */
const ANSWERED_BEFORE_SIGNAL = 300;

let dataDir: string;
beforeAll(() => {
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
 * The load balancer's health check: GET /readyz on a fresh connection every CHECK_INTERVAL_MS,
 * until the connection is refused. UNHEALTHY_THRESHOLD failures in a row take the node out.
 */
function startHealthCheck(port: number, stopped: () => boolean) {
  const answers: Array<{ status: number; at: number }> = [];
  const resets: string[] = [];
  let failuresInARow = 0;
  let refusedAt: number | undefined;
  const done = (async () => {
    while (!stopped()) {
      const outcome = await send(port, false, "/readyz");
      if (outcome.kind === "refused") {
        refusedAt = performance.now();
        return;
      }
      if (outcome.kind === "reset") resets.push(outcome.error);
      else answers.push({ status: outcome.status, at: performance.now() });
      failuresInARow = outcome.kind === "answered" && outcome.status === 200 ? 0 : failuresInARow + 1;
      await new Promise((resolve) => setTimeout(resolve, CHECK_INTERVAL_MS)); // the check's interval
    }
  })();
  return {
    answers,
    resets,
    done,
    refusedAt: () => refusedAt,
    nodeIsOut: () => failuresInARow >= UNHEALTHY_THRESHOLD,
  };
}

interface Load {
  answered: Array<Extract<Outcome, { kind: "answered" }>>;
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
  const load: Load = { answered: [], resets: [], refused: 0, inFlight: 0, done: Promise.resolve() };
  const client = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (!nodeIsOut()) {
        load.inFlight++;
        const outcome = await send(port, agent, PLANS_PATH);
        load.inFlight--;
        if (outcome.kind === "answered") load.answered.push(outcome);
        else if (outcome.kind === "reset") load.resets.push(outcome);
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

async function waitUntil(condition: () => boolean, server: SpawnedServer) {
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  while (!condition()) {
    if (exited) throw new Error(`server exited early; stderr: ${server.stderr.join("\n")}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
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
    await waitUntil(() => load.answered.length >= ANSWERED_BEFORE_SIGNAL && healthCheck.answers.length > 0, server);

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
      readiness: healthCheck.answers.map((answer) => answer.status).slice(-8),
    });

    // Nothing the node accepted was lost, neither in flight at the signal nor during the drain.
    expect(load.resets, summary).toEqual([]);
    expect(healthCheck.resets, summary).toEqual([]);
    expect(load.answered.every((outcome) => outcome.status === 200)).toBe(true);
    expect(code).toBe(0);
    // The node kept answering while the balancer noticed, and told each client to let go of its socket.
    expect(sentWhileDraining.length, summary).toBeGreaterThan(0);
    expect(sentWhileDraining.every((outcome) => outcome.connectionClose)).toBe(true);
    // The health check went from 200 to 503 for good, and only after the drain was the connection refused.
    const statuses = healthCheck.answers.map((answer) => answer.status);
    const firstFailure = statuses.indexOf(503);
    expect(firstFailure, summary).toBeGreaterThan(0);
    expect(statuses.slice(0, firstFailure).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(firstFailure).every((status) => status === 503)).toBe(true);
    const refusedAt = healthCheck.refusedAt();
    expect(refusedAt, summary).toBeDefined();
    expect(refusedAt! - signalledAt).toBeGreaterThanOrEqual(DRAIN_MS);
    expect(server.logs.filter((line) => line.msg === "stopped")).toHaveLength(processes);
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
  }
}

describe("shutdown under keep-alive load", () => {
  it("one process on PGlite: readiness fails, the drain answers everything, then exit 0", async () => {
    await shutDownUnderLoad({ DATA_DIR: path.join(dataDir, "pglite") }, 1);
  }, 60_000);

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
    90_000,
  );
});
