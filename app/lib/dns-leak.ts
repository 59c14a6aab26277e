/** The DNS leak test in the browser (decision 043): make the browser resolve one-time names, then ask who asked. */

export interface DnsLeakProbe {
  zone: string;
  scheme: string;
  port: string;
}

export interface DnsLeakResolver {
  ip: string;
  country_code: string;
  country: string;
  asn: number | null;
  organisation: string;
  vpn: boolean;
  probes: number;
}

export interface DnsLeakOutcome {
  probes: number;
  answered: number;
  resolvers: DnsLeakResolver[];
}

export type DnsLeakMode = "standard" | "extended";

type Call = <T>(method: "GET" | "POST", path: string, body?: unknown) => Promise<T>;

interface StartedTest {
  test_id: string;
  probes: string[];
  probe_path: string;
}

/** The probe's address: `<scheme>//<host>[:port]<path>`. */
export function probeUrl(probe: DnsLeakProbe, host: string, path: string): string {
  return `${probe.scheme}//${host}${probe.port ? `:${probe.port}` : ""}${path}`;
}

/** Loads an image from the probe host: done once it loads, fails, or takes longer than the timeout. */
function loadProbe(url: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const image = new Image();
    const timer = setTimeout(finish, timeoutMs);
    function finish() {
      clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      resolve();
    }
    image.onload = finish;
    image.onerror = finish;
    image.referrerPolicy = "no-referrer";
    image.src = url;
  });
}

/** Until the first resolver shows, the result is read again this many times, this far apart. */
const READS = 4;
const READ_GAP_MS = 750;

/** Runs one test: start it, resolve every probe name, and read the resolvers the server saw. */
export async function runDnsLeakTest(
  call: Call,
  probe: DnsLeakProbe,
  mode: DnsLeakMode,
  onProgress: (done: number, total: number) => void = () => undefined,
  timeoutMs = 6000,
): Promise<DnsLeakOutcome> {
  const test = await call<StartedTest>("POST", "/api/mms/tools/v1/dns_leak/tests", { mode });
  let done = 0;
  onProgress(0, test.probes.length);
  await Promise.all(
    test.probes.map((host) =>
      loadProbe(probeUrl(probe, host, test.probe_path), timeoutMs).then(() => onProgress(++done, test.probes.length)),
    ),
  );
  let result = { probes_answered: 0, resolvers: [] as DnsLeakResolver[] };
  for (let read = 0; read < READS; read++) {
    if (read > 0) await new Promise((resolve) => setTimeout(resolve, READ_GAP_MS));
    result = await call("GET", `/api/mms/tools/v1/dns_leak/tests/${test.test_id}`);
    if (result.resolvers.length > 0) break;
  }
  return { probes: test.probes.length, answered: result.probes_answered, resolvers: result.resolvers };
}
