import { desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { enableTotp } from "../../core/auth/two-factor/enrol";
import { startTotpEnrolment, totpCodeAt } from "../../core/auth/two-factor/totp";
import type { Database } from "../../db/client";
import { mailOutbox, users } from "../../db/schema";
import { type apiClient, signUpBuyer } from "./api-client";

export const CONSOLE_API = "/api/mms/console/v1/web";

/**
 * The console's staff as its integration tests make them: the first owner through the operator
 * token, members invited by mail and accepted, each with an authenticator (the console requires a
 * second factor). `current` gives the test's database and client (they are opened per test).
 */
export function consoleStaff(
  current: () => { db: Database; call: ReturnType<typeof apiClient> },
  operatorToken: string,
) {
  const userIdOf = async (email: string) => {
    const [row] = await current().db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row?.id ?? 0;
  };
  const withTotp = async (email: string) => {
    const { db } = current();
    const userId = await userIdOf(email);
    const secret = (await startTotpEnrolment(db, userId)) ?? "";
    expect((await enableTotp(db, userId, totpCodeAt(secret, new Date()))).ok).toBe(true);
  };
  const get = (token: string, path: string) =>
    current().call("GET", `${CONSOLE_API}${path}`, { appType: "101", token });
  const post = (token: string, path: string, body: unknown) =>
    current().call("POST", `${CONSOLE_API}${path}`, { appType: "101", token, body });
  /** The first owner, made with the operator token: their session token. */
  const owner = async () => {
    const token = await signUpBuyer(current().call, "owner@example.com");
    const made = await current().call("POST", "/api/operator/v1/staff/owner", {
      appType: null,
      headers: { authorization: `Bearer ${operatorToken}` },
      body: { email: "owner@example.com" },
    });
    expect(made.status).toBe(200);
    await withTotp("owner@example.com");
    return token;
  };
  /** Invited by the owner, accepted, with an authenticator: the member's session token. */
  const member = async (ownerToken: string, email: string, role: string) => {
    expect((await post(ownerToken, "/staff/invite", { email, role })).status).toBe(200);
    const [mail] = await current()
      .db.select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const invite = decodeURIComponent(/\/operator\?invite=([^\s"&]+)/.exec(mail?.text ?? "")?.[1] ?? "");
    const session = await signUpBuyer(current().call, email);
    expect((await post(session, "/invitation/accept", { token: invite })).body.data).toEqual({ role });
    await withTotp(email);
    return session;
  };
  return { userIdOf, withTotp, get, post, owner, member };
}
