import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnServer } from "../helpers/spawn-server";

const root = path.resolve(import.meta.dirname, "../..");
const serverBundle = path.join(root, "build/server.js");
const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");
let dataDir: string;

beforeAll(() => {
  if (!existsSync(serverBundle))
    throw new Error("build/server.js is missing: run `npm run build` first (npm test does)");
  dataDir = mkdtempSync(path.join(tmpdir(), "veilport-process-"));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const listening = (line: Record<string, unknown>) => line.msg === "listening";

describe("the production server process", () => {
  it("creates its data directory, serves pages, stops on SIGTERM and keeps its data", async () => {
    const env = { PORT: "0", HOST: "127.0.0.1", DATA_DIR: path.join(dataDir, "data"), STUN_PORT: "0" };
    const first = spawnServer([serverBundle], env);
    const { port } = await first.waitForLog(listening);
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("<html");
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    expect(first.logs.some((line) => line.msg === "demo data seeded into the empty database")).toBe(true);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.logs.some((line) => line.msg === "stopped")).toBe(true);

    const second = spawnServer([serverBundle], env);
    await second.waitForLog(listening);
    expect(second.logs.some((line) => line.msg === "demo data seeded into the empty database")).toBe(false);
    second.child.kill("SIGINT");
    expect(await second.exited).toBe(0);
  });

  it("refuses to start on a bad setting, with one line naming the variable", async () => {
    const server = spawnServer([serverBundle], { PORT: "eighty", DATA_DIR: path.join(dataDir, "unused") });
    expect(await server.exited).toBe(78);
    expect(server.stderr).toEqual([expect.stringMatching(/^Invalid configuration: PORT /)]);
    expect(existsSync(path.join(dataDir, "unused"))).toBe(false);
  });

  it("finishes a request in flight when SIGTERM arrives, then exits", async () => {
    const env = { PORT: "0", HOST: "127.0.0.1", DATA_DIR: path.join(dataDir, "slow"), STUN_PORT: "0" };
    const server = spawnServer([tsx, path.join(root, "tests/fixtures/slow-page-server.ts")], env);
    const { port } = await server.waitForLog(listening);

    const inFlight = fetch(`http://127.0.0.1:${port}/slow`);
    await server.waitForLog((line) => line.msg === "slow page started");
    server.child.kill("SIGTERM");
    await server.waitForLog((line) => String(line.msg).startsWith("shutting down"));

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("slow page finished");
    expect(await server.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
