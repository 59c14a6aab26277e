import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { authenticate, createPasswordlessAccount, findAccountByEmail } from "../../core/auth/accounts";
import { disableDemoUser } from "../../core/auth/demo-user";
import { createSession, resolveSession } from "../../core/auth/sessions";
import { DEMO_USER, seedDemoData } from "../../core/demo/seed";
import { type Database, openDatabase } from "../../db/client";
import { loadConfig } from "../../server/config";
import { startServer } from "../../server/start-server";
import { PRODUCTION_SETTINGS } from "../helpers/production-settings";
import { testDatabaseTargets } from "../helpers/test-databases";

/** The demo user as a development database holds it, signed in on the website and in an app. */
async function demoUserSignedIn(db: Database) {
  await seedDemoData(db, { withDemoUser: true });
  const demo = (await findAccountByEmail(db, DEMO_USER.email))!;
  const website = await createSession(db, { userId: demo.id, appType: 501 });
  const app = await createSession(db, { userId: demo.id, appType: 101 });
  return { demo, tokens: [website.token, app.token] };
}

describe.each(testDatabaseTargets())("disableDemoUser on $name", (target) => {
  it("removes the published password and revokes every session of the demo user, and no one else's", async () => {
    const database = await target.open();
    try {
      const { db } = database;
      expect(await disableDemoUser(db)).toBeNull();

      const { demo, tokens } = await demoUserSignedIn(db);
      const other = (await createPasswordlessAccount(db, "someone@example.com", "en"))!;
      const otherSession = await createSession(db, { userId: other.id, appType: 501 });
      expect(await authenticate(db, DEMO_USER.email, DEMO_USER.password)).not.toBeNull();

      expect(await disableDemoUser(db)).toEqual({
        userId: demo.id,
        email: DEMO_USER.email,
        passwordRemoved: true,
        sessionsRevoked: 2,
      });
      expect(await authenticate(db, DEMO_USER.email, DEMO_USER.password)).toBeNull();
      for (const token of tokens) expect(await resolveSession(db, token)).toEqual({ status: "revoked" });
      expect(await resolveSession(db, otherSession.token)).toMatchObject({ status: "valid" });

      // Already disabled: still found (and reported), nothing left to do.
      expect(await disableDemoUser(db)).toMatchObject({ passwordRemoved: false, sessionsRevoked: 0 });
    } finally {
      await database.close();
    }
  });
});

describe("a production start on a database that holds the demo user", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "veilport-demo-user-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("says so in one error line and disables the user", async () => {
    // A database that began in development: the demo user, signed in.
    const seeded = await openDatabase({ dataDir });
    await seeded.migrate();
    const { tokens } = await demoUserSignedIn(seeded.db);
    await seeded.close();

    const lines: Array<{ level: number; msg: string; sessionsRevoked?: number }> = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const config = loadConfig({
      NODE_ENV: "production",
      ...PRODUCTION_SETTINGS,
      PAYMENT_MODE: "off",
      DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      STUN_PORT: "0",
    });
    const server = await startServer({ config, logger });
    await server.shutdown("test over");

    const aboutDemo = lines.filter((line) => line.msg.includes(DEMO_USER.email));
    expect(aboutDemo).toEqual([expect.objectContaining({ level: 50, sessionsRevoked: 2 })]);
    expect(aboutDemo[0]!.msg).toMatch(/production database: it is disabled/);

    const after = await openDatabase({ dataDir });
    try {
      expect(await authenticate(after.db, DEMO_USER.email, DEMO_USER.password)).toBeNull();
      for (const token of tokens) expect(await resolveSession(after.db, token)).toEqual({ status: "revoked" });
    } finally {
      await after.close();
    }
  }, 90_000); // a whole start and stop on the embedded database
});
