import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client";

/** A test database; `url` (PostgreSQL only) lets a spawned server process use it too. */
export type TestDatabase = DatabaseHandle & { url?: string };

export interface TestDatabaseTarget {
  name: "pglite" | "postgres";
  /** A new, empty, migrated database of its own: tests never share one. */
  open(): Promise<TestDatabase>;
}

/**
 * The migrated PGlite data directory tests/setup/pglite-template.ts dumped once for the run, read
 * once per test process: every test database starts as a copy of it, which skips PGlite's initdb
 * and the migrations (most of the time a fresh one takes).
 */
let migratedTemplate: Blob | undefined;
function pgliteTemplate(): Blob {
  migratedTemplate ??= new Blob([readFileSync(inject("pgliteTemplate"))]);
  return migratedTemplate;
}

/**
 * PGlite always; a real PostgreSQL server too when TEST_DATABASE_URL is set (CI sets it).
 * Each open() on PostgreSQL creates a database with a random name and drops it on close.
 */
export function testDatabaseTargets(): TestDatabaseTarget[] {
  const targets: TestDatabaseTarget[] = [
    {
      name: "pglite",
      async open() {
        const handle = await openDatabase({ memory: true, from: pgliteTemplate() });
        // Applies nothing on a copy of the template; kept so a test sees what a server start does.
        await handle.migrate();
        return handle;
      },
    },
  ];
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    targets.push({
      name: "postgres",
      async open() {
        const name = `veilport_test_${randomBytes(6).toString("hex")}`;
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
        await handle.migrate();
        return {
          ...handle,
          url: url.toString(),
          async close() {
            await handle.close();
            const cleanup = new pg.Client({ connectionString: adminUrl });
            await cleanup.connect();
            await cleanup.query(`drop database if exists ${name} with (force)`);
            await cleanup.end();
          },
        };
      },
    });
  }
  return targets;
}
