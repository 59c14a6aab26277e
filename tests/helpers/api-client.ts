import { desc, eq } from "drizzle-orm";
import type { Hono } from "hono";
import type { Database } from "../../db/client";
import { mailOutbox } from "../../db/schema";

export interface ApiResponse {
  status: number;
  body: { code: number; message: string; data: Record<string, unknown> | null };
  headers: Headers;
  /** The session cookie's value when the response set one. */
  cookie?: string;
}

/** Calls the in-process app like a client would: JSON, X-App-Type, bearer token or cookie. */
export function apiClient(app: Hono<never> | { request: Hono["request"] }) {
  return async (
    method: "GET" | "POST",
    path: string,
    options: {
      body?: unknown;
      appType?: string | null;
      token?: string;
      cookie?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<ApiResponse> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.appType !== null) headers["x-app-type"] = options.appType ?? "501";
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) {
      headers.cookie = `veilport_session=${options.cookie}`;
      headers["sec-fetch-site"] ??= "same-origin";
    }
    if (options.body !== undefined) headers["content-type"] ??= "application/json";
    const response = await app.request(path, {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : typeof options.body === "string"
            ? options.body
            : JSON.stringify(options.body),
    });
    const setCookie = response.headers.get("set-cookie") ?? "";
    const cookie = /veilport_session=([^;]+)/.exec(setCookie)?.[1];
    return { status: response.status, body: await response.json(), headers: response.headers, cookie };
  };
}

/** The newest 6-digit code mailed to an address (read from the outbox table). */
export async function lastMailedCode(db: Database, to: string): Promise<string | undefined> {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
  return mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
}

/** A new buyer signed up by e-mail alone, as the web app (X-App-Type 101) does it: the session token. */
export async function signUpBuyer(call: ReturnType<typeof apiClient>, email: string): Promise<string> {
  const signup = await call("POST", "/api/mms/account/v1/web/anonymous_signup", {
    appType: "101",
    body: { email, recasign: "t" },
  });
  return String(signup.body.data?.token);
}
