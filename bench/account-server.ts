/**
 * The bench's second server: development mode without captcha, so the bench can make an account,
 * set its password (the code comes from the local outbox) and sign in as often as it likes; its
 * per-address limits are spread by X-Forwarded-For (TRUST_PROXY=loopback). Same build as the
 * production server, so the account pages it serves load the same scripts.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../tests/helpers/free-port";

export const BENCH_EMAIL = "bench@example.com";
export const BENCH_PASSWORD = "Bench-Pass1!";
/** An Android app's type: the API answers it with a bearer token. */
const APP_HEADERS = { "content-type": "application/json", "x-app-type": "101" };
/** The website's type: the API answers it with the session cookie. */
const WEB_HEADERS = { "content-type": "application/json", "x-app-type": "501" };

export interface AccountServer {
  origin: string;
  /** The account API's base (…/api/mms/account/v1/web). */
  api: string;
  /** A bearer token of the bench's account (an app's session). */
  token: string;
  /** A new website session of the bench's account: the cookie a signed-in browser sends. */
  signIn(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export async function startAccountServer(
  root: string,
  env: Record<string, string>,
  waitForHttp: (url: string, child: ChildProcess) => Promise<void>,
): Promise<AccountServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "veilport-bench-auth-"));
  const child = spawn(process.execPath, [path.join(root, "build/server.js")], {
    env: {
      ...process.env,
      ENV_FILE: "/dev/null",
      NODE_ENV: "development",
      CAPTCHA_PROVIDER: "none",
      TRUST_PROXY: "loopback",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      STUN_PORT: "0",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitForHttp(`${origin}/readyz`, child);
    const api = `${origin}/api/mms/account/v1/web`;
    const post = async (url: string, body: unknown, headers: Record<string, string> = APP_HEADERS) =>
      fetch(`${api}${url}`, { method: "POST", headers, body: JSON.stringify(body) });
    const signup = await (await post("/anonymous_signup", { email: BENCH_EMAIL, recasign: "x" })).json();
    const token = signup.data.token as string;
    // A first password needs the code mailed to the address (decision 020); this development
    // server has no SMTP, so the mail waits in its outbox, readable from this machine.
    await post("/verification/request", { email: BENCH_EMAIL, purpose: "set_password", recasign: "x" });
    const outbox = (await (await fetch(`${origin}/dev/outbox.json`)).json()) as {
      messages: { to: string; text: string }[];
    };
    const mail = outbox.messages.find((each) => each.to === BENCH_EMAIL);
    const code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
    const set = await (
      await post(
        "/set_password",
        { password: BENCH_PASSWORD, code },
        { ...APP_HEADERS, authorization: `Bearer ${token}` },
      )
    ).json();
    // Without a password every login would be a refusal, timed as if it were a login.
    if (set.code !== 200) throw new Error(`bench account setup: set_password answered ${JSON.stringify(set)}`);
    let signIns = 0;
    const signIn = async () => {
      const response = await post(
        "/login",
        { email: BENCH_EMAIL, password: BENCH_PASSWORD, recasign: "x" },
        { ...WEB_HEADERS, origin, "x-forwarded-for": `198.51.100.${++signIns}` },
      );
      const cookies = Object.fromEntries(
        response.headers.getSetCookie().map((line) => {
          const [pair = ""] = line.split(";");
          const at = pair.indexOf("=");
          return [pair.slice(0, at), pair.slice(at + 1)];
        }),
      );
      if (response.status !== 200 || Object.keys(cookies).length === 0) {
        throw new Error(`bench account sign-in: ${response.status} ${await response.text()}`);
      }
      return cookies;
    };
    return { origin, api, token, signIn, close };
  } catch (error) {
    await close();
    throw error;
  }
}
