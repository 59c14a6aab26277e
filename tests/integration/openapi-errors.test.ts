import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { API_ERRORS } from "../../universal/api/errors";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

type Response = { description: string };
type Document = { paths: Record<string, Record<string, { responses: Record<string, Response> }>> };

let database: DatabaseHandle;
beforeAll(async () => {
  database = await testDatabaseTargets()[0]!.open();
});
afterAll(() => database.close());

describe("the OpenAPI document", () => {
  it("lists every error of the catalogue under its HTTP status", async () => {
    const app = createTestApp(database);
    const document = (await (await app.request("/api/openapi.json")).json()) as Document;
    const described = new Set<string>();
    for (const operations of Object.values(document.paths)) {
      for (const operation of Object.values(operations)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          for (const match of response.description.matchAll(/\b(\d{3,5}): /g)) described.add(`${status} ${match[1]}`);
        }
      }
    }
    const missing = Object.entries(API_ERRORS)
      .filter(([, error]) => !described.has(`${error.status} ${error.code}`))
      .map(([name, error]) => `${name} (${error.status} ${error.code})`);
    expect(missing).toEqual([]);
  });

  it("gives every operation the errors the pipeline answers on any route", async () => {
    const app = createTestApp(database);
    const document = (await (await app.request("/api/openapi.json")).json()) as Document;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(expect.arrayContaining(["413", "500"]));
      }
    }
  });
});
