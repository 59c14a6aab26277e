import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

/** The one database type every repository function takes: PGlite and PostgreSQL alike. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies the committed migrations (serialised across processes on PostgreSQL). */
  migrate(): Promise<void>;
  /** Round-trips a trivial query; used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { databaseUrl: string; poolSize?: number; onIdleClientError?: (error: Error) => void }
  | { dataDir: string }
  /** In memory; `from`: a data directory dumped by PGlite's dumpDataDir, loaded instead of a fresh initdb. */
  | { memory: true; from?: Blob };

/**
 * The SQL migrations: db/migrations in the source tree; the build copies them to
 * build/migrations, beside the server bundle, so both resolve to "<here>/migrations".
 */
export function migrationsFolder(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
}

// Any fixed number: every process that migrates takes the same advisory lock.
const MIGRATION_LOCK_ID = 727_274_001;

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const folder = migrationsFolder();

  if ("databaseUrl" in target) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: target.poolSize ?? 10 });
    // An idle connection the server closes (restart, failover, admin) must not crash the process:
    // the pool drops it and the next query opens a new one.
    pool.on("error", (error) => target.onIdleClientError?.(error));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: folder });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
          client.release();
        }
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      async close() {
        await pool.end();
      },
    };
  }

  let client: PGlite;
  if ("dataDir" in target) {
    mkdirSync(target.dataDir, { recursive: true });
    client = new PGlite(target.dataDir);
  } else {
    client = new PGlite(target.from ? { loadDataDir: target.from } : {});
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: folder });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await client.close();
    },
  };
}
