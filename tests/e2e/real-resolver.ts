import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createSocket } from "node:dgram";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import dnsPacket from "dns-packet";
import { unboundConfig } from "../helpers/unbound-config";
import { chromiumPath } from "./chromium-path";

/**
 * A real recursive resolver for Chromium (decision 043): Debian's unbound listens on port 53 of a
 * loopback address of its own, with the leak-test zone as a stub pointing at the app's DNS server,
 * and asks from another loopback address, which the leak test must then report. Chromium reads its
 * resolver from /etc/resolv.conf, so it runs in a mount namespace of its own where that file names
 * unbound: the machine's resolver is left alone.
 */
export interface RealResolver {
  /** The address unbound asks the app from: the resolver the leak test should find. */
  outgoing: string;
  /** A Chromium to launch: the machine's, in its own mount namespace with unbound as resolver. */
  chromium: string;
  stop(): void;
}

const LISTEN = "127.0.0.153";
const OUTGOING = "127.0.0.154";

/** Why a real resolver cannot run here (no unbound, no mount namespaces), or null when it can. */
export function realResolverMissing(): string | null {
  try {
    execFileSync("unbound", ["-V"], { stdio: "ignore" });
  } catch {
    return "unbound is not installed (apt-get install unbound; .ci/run installs it)";
  }
  try {
    execFileSync("unshare", ["-m", "true"], { stdio: "ignore" });
  } catch {
    return "this machine allows no mount namespace (unshare -m), so Chromium cannot be given a resolver";
  }
  return null;
}

function answers(port: number, name: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createSocket("udp4");
    const timer = setTimeout(() => {
      socket.close();
      resolve(false);
    }, 300);
    socket.on("message", () => {
      clearTimeout(timer);
      socket.close();
      resolve(true);
    });
    socket.send(dnsPacket.encode({ type: "query", id: 7, questions: [{ type: "SOA", name }] }), port, LISTEN);
  });
}

export async function startRealResolver(zone: string, appDnsPort: number): Promise<RealResolver> {
  const dir = mkdtempSync(path.join(tmpdir(), "veilport-resolver-"));
  writeFileSync(
    path.join(dir, "unbound.conf"),
    unboundConfig({ listen: LISTEN, port: 53, outgoing: OUTGOING, directory: dir, zone, appDnsPort }),
  );
  writeFileSync(path.join(dir, "resolv.conf"), `nameserver ${LISTEN}\n`);
  const wrapper = path.join(dir, "chromium");
  writeFileSync(
    wrapper,
    [
      "#!/bin/sh",
      `exec unshare -m -- sh -c 'mount --bind "$0" /etc/resolv.conf && exec "$@"' "${dir}/resolv.conf" "${chromiumPath()}" "$@"`,
      "",
    ].join("\n"),
  );
  chmodSync(wrapper, 0o755);
  const unbound: ChildProcess = spawn("unbound", ["-d", "-c", path.join(dir, "unbound.conf")], { stdio: "ignore" });
  const stop = () => {
    unbound.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 50; attempt++) {
    if (await answers(53, zone)) return { outgoing: OUTGOING, chromium: wrapper, stop };
    if (unbound.exitCode !== null) break;
  }
  stop();
  throw new Error(`unbound did not answer on ${LISTEN}:53 (exit ${unbound.exitCode})`);
}
