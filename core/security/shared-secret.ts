import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { appMeta } from "../../db/schema";

/** A random secret generated once and kept in the database, so every process uses the same one. */
export async function sharedSecret(db: Database, name: string): Promise<string> {
  await db
    .insert(appMeta)
    .values({ key: name, value: randomBytes(32).toString("hex") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, name));
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}
