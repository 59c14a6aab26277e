// What the operator's command-line clients (npm run catalogue, npm run coupons) share: their error
// line, amounts typed in a currency's units, and one authenticated call to the operator API.
import { parseArgs } from "node:util";

/** A client's failure: one line on stderr, named after the command, and its exit code. */
export function failWith(command) {
  return (message, exitCode = 1) => {
    console.error(`${command}: ${message}`);
    process.exit(exitCode);
  };
}

/** "12.99" or "47" in the currency's units -> minor units (every currency sold has 100); null when not an amount. */
export function minorUnits(text) {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  return match ? Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0")) : null;
}

/**
 * The server's origin (--origin, else PUBLIC_ORIGIN, else localhost) and `call`: `base` + path with
 * OPERATOR_TOKEN, giving the answer's data, or failing with the server's reason (and each field's message).
 */
export function operatorClient({ base, origin: originFlag, fail }) {
  const token = process.env.OPERATOR_TOKEN;
  if (!token) fail("set OPERATOR_TOKEN (the same value the server runs with)");
  const origin = originFlag ?? process.env.PUBLIC_ORIGIN ?? `http://localhost:${process.env.PORT || 3000}`;
  /** The answer's data; with `raw`, a successful answer's bytes (a file: CSV, PDF). */
  async function call(method, path, body, { raw = false } = {}) {
    let response;
    try {
      response = await fetch(new URL(`${base}${path}`, origin), {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          "x-operator-name": "cli",
          ...(body ? { "content-type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch (error) {
      fail(`cannot reach ${origin} (${error.cause?.code ?? error.message}): is the server running? (--origin)`);
    }
    if (response.ok && raw) return new Uint8Array(await response.arrayBuffer());
    const answer = await response.json().catch(() => null);
    if (!response.ok || answer?.code !== 200) {
      const fields = answer?.data?.fields
        ? `\n${Object.entries(answer.data.fields)
            .map(([field, message]) => `  ${field}: ${message}`)
            .join("\n")}`
        : "";
      fail(`${response.status} (${answer?.code ?? "no envelope"}): ${answer?.message ?? response.statusText}${fields}`);
    }
    return answer.data;
  }
  return { origin, call };
}

/**
 * Reads `<command> [args] [options]` with the clients' shared --origin, --json and --help added to
 * `options`; usage on --help (exit 0), on a parse error or no command (exit 2).
 */
export function parseCommandLine({ options, usage, fail }) {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        ...options,
        origin: { type: "string" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    fail(`${error.message}\n\n${usage}`, 2);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  return { values, command, rest };
}
