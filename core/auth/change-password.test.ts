import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { testDatabaseTargets } from "../../tests/helpers/test-databases";
import { authenticate, createPasswordlessAccount, updatePassword } from "./accounts";
import { changePassword } from "./change-password";
import { createSession, resolveSession } from "./sessions";

const EMAIL = "owner@example.com";
const OLD = "an old and long passphrase";
const NEW = "a new and longer passphrase";

describe.each(testDatabaseTargets())("changePassword on $name", (target) => {
  let database: DatabaseHandle;
  let userId: number;
  beforeEach(async () => {
    database = await target.open();
    userId = (await createPasswordlessAccount(database.db, EMAIL, "en"))!.id;
  });
  afterEach(async () => database.close());

  const session = () => createSession(database.db, { userId, appType: 501 });
  const sessionIdOf = async (token: string) => {
    const found = await resolveSession(database.db, token);
    if (found.status !== "valid") throw new Error("session not valid");
    return found.sessionId;
  };

  it("changes the password and ends every other session, keeping the one that asked", async () => {
    await updatePassword(database.db, userId, OLD);
    const asking = await session();
    const other = await session();
    const result = await changePassword(database.db, {
      userId,
      sessionId: await sessionIdOf(asking.token),
      oldPassword: OLD,
      newPassword: NEW,
    });
    expect(result).toMatchObject({ ok: true, account: { id: userId, email: EMAIL } });
    expect(await authenticate(database.db, EMAIL, NEW)).toMatchObject({ id: userId });
    expect(await authenticate(database.db, EMAIL, OLD)).toBeNull();
    expect((await resolveSession(database.db, asking.token)).status).toBe("valid");
    expect((await resolveSession(database.db, other.token)).status).toBe("revoked");
  });

  it("refuses a wrong current password, or an account without one, and changes nothing", async () => {
    const asking = await session();
    const input = { userId, sessionId: await sessionIdOf(asking.token), oldPassword: OLD, newPassword: NEW };
    expect(await changePassword(database.db, input)).toEqual({ ok: false });
    await updatePassword(database.db, userId, OLD);
    const other = await session();
    expect(await changePassword(database.db, { ...input, oldPassword: "not the password" })).toEqual({ ok: false });
    expect(await authenticate(database.db, EMAIL, OLD)).toMatchObject({ id: userId });
    expect((await resolveSession(database.db, other.token)).status).toBe("valid");
  });
});
