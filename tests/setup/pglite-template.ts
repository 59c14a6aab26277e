import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";
import { migrationsFolder } from "../../db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (dumpDataDir), the start of every PGlite test database. */
    pgliteTemplate: string;
  }
}

/**
 * Once per run: a fresh PGlite, migrated, dumped to a file. Every PGlite test database loads it
 * instead of running initdb and the migrations again (tests/helpers/test-databases.ts).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "veilport-pglite-template-"));
  const file = path.join(dir, "migrated.tar");
  const template = new PGlite();
  await migrate(drizzle(template), { migrationsFolder: migrationsFolder() });
  const dump = await template.dumpDataDir("none");
  await template.close();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
