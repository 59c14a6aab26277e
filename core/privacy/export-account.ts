import { getTableColumns } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type DataSubject, PERSONAL_DATA, type PersonalDataTable } from "./personal-data";

/** The notes a person reads at the top of their export, in their language (email.json `export.*`). */
export interface ExportNotes {
  analytics: string;
  omitted: string;
  orders: string;
}

export interface AccountExport {
  exported_at: string;
  about: ExportNotes;
  /** Per table of the personal-data list, the account's rows under their SQL column names. */
  data: Record<string, Array<Record<string, unknown>>>;
}

/** A row under the column names the privacy policy uses, without the secrets the list names. */
function exportedRow(entry: PersonalDataTable, row: Record<string, unknown>): Record<string, unknown> {
  const hidden = new Set(entry.notExported ?? []);
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(entry.table))) {
    if (!hidden.has(column.name))
      out[column.name] = row[key] instanceof Date ? (row[key] as Date).toISOString() : row[key];
  }
  return out;
}

/**
 * Everything stored about an account, read table by table from the personal-data list (so a table
 * added there is exported without a change here). Tables never linked to an account (analytics)
 * are named in the notes instead.
 */
export async function exportAccountData(
  db: Database,
  subject: DataSubject,
  notes: ExportNotes,
  now: Date = new Date(),
): Promise<AccountExport> {
  const data: AccountExport["data"] = {};
  for (const entry of PERSONAL_DATA) {
    const where = entry.rowsOf?.(subject);
    if (!where) continue;
    const rows = (await db.select().from(entry.table).where(where)) as Array<Record<string, unknown>>;
    data[entry.name] = rows.map((row) => exportedRow(entry, row));
  }
  return { exported_at: now.toISOString(), about: notes, data };
}
