import { getTableColumns, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { NOT_PERSONAL_DATA, PERSONAL_DATA } from "./personal-data";

const schemaTables = Object.values(schema).filter((value) => is(value, PgTable)) as PgTable[];
const sqlColumns = (table: PgTable) => Object.values(getTableColumns(table)).map((column) => column.name);

describe("the personal-data list", () => {
  it("names every table of the schema once, as personal data or not, with a reason", () => {
    const listed = [...PERSONAL_DATA.map((entry) => entry.table), ...NOT_PERSONAL_DATA.map((entry) => entry.table)];
    expect(listed.map(getTableName).sort()).toEqual(schemaTables.map(getTableName).sort());
    for (const entry of NOT_PERSONAL_DATA) expect(entry.why).not.toBe("");
  });

  it("counts every table with a user id, e-mail or IP column as personal data", () => {
    const personal = new Set(PERSONAL_DATA.map((entry) => getTableName(entry.table)));
    const linked = schemaTables.filter((table) =>
      sqlColumns(table).some((column) => ["user_id", "email", "to", "ip", "reply_to"].includes(column)),
    );
    expect(linked.length).toBeGreaterThan(5);
    for (const table of linked) expect(personal, getTableName(table)).toContain(getTableName(table));
  });

  it.each(PERSONAL_DATA.map((entry) => [entry.name, entry] as const))(
    "%s: its name is the SQL name and every column is personal or technical, once",
    (name, entry) => {
      expect(getTableName(entry.table)).toBe(name);
      expect([...entry.columns, ...entry.technical].sort()).toEqual(sqlColumns(entry.table).sort());
      for (const column of entry.notExported ?? []) expect(entry.columns).toContain(column);
      if (entry.erase !== "delete") {
        for (const key of Object.keys(entry.erase.keep))
          expect(Object.keys(getTableColumns(entry.table))).toContain(key);
      }
    },
  );

  it("never exports a hash of a password, token or code, an authenticator's secret or a live challenge", () => {
    const secret = (name: string) => name.endsWith("_hash") || name === "secret" || name === "challenge";
    for (const entry of PERSONAL_DATA) {
      for (const column of entry.columns.filter(secret)) {
        expect(entry.notExported ?? [], `${entry.name}.${column}`).toContain(column);
      }
    }
  });
});
