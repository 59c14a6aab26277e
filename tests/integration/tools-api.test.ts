import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

const INFO = "/api/mms/tools/v1/ip_info";

describe("the what-is-my-ip API", () => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;
  beforeEach(async () => {
    database = await testDatabaseTargets()[0]!.open();
    app = createTestApp(database, { env: { TRUST_PROXY: "loopback" } });
  });
  afterEach(async () => database.close());

  const get = async (path: string, forwardedFor = "81.2.69.160") => {
    const response = await app.request(path, { headers: { "X-App-Type": "501", "X-Forwarded-For": forwardedFor } });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as { code: number; data: Record<string, unknown> },
    };
  };

  it("describes the caller's own address", async () => {
    const answer = await get(INFO);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.body.data).toMatchObject({
      ip: "81.2.69.160",
      family: 4,
      kind: "public",
      country_code: "GB",
      country: "United Kingdom",
      city: "London",
      timezone: "Europe/London",
      hosting: false,
    });
    expect(answer.body.data.asn).toEqual(expect.any(Number));
  }, 60_000);

  it("looks up another address, and answers private and reserved ones as such", async () => {
    expect((await get(`${INFO}?ip=8.8.8.8`)).body.data).toMatchObject({
      ip: "8.8.8.8",
      asn: 15169,
      organisation: "Google LLC",
      hosting: true,
    });
    expect((await get(`${INFO}?ip=2001:4860:4860:0:0:0:0:8888`)).body.data).toMatchObject({
      ip: "2001:4860:4860::8888",
      family: 6,
    });
    expect((await get(`${INFO}?ip=10.0.0.1`)).body.data).toMatchObject({
      kind: "private",
      country_code: "",
      asn: null,
    });
    expect((await get(`${INFO}?ip=192.0.2.5`)).body.data).toMatchObject({ kind: "documentation" });
  }, 60_000);

  it("refuses what is not an IP address, in the API envelope", async () => {
    for (const input of ["example.com", "1.2.3", "::1%lo", "1.2.3.4/8"]) {
      const answer = await get(`${INFO}?ip=${encodeURIComponent(input)}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 40000, data: { fields: { ip: "ip.invalid" } } });
    }
  }, 60_000);

  it("limits lookups of other addresses per client address", async () => {
    for (let i = 0; i < 60; i++) expect((await get(`${INFO}?ip=1.1.1.${i}`, "203.0.113.77")).status).toBe(200);
    const refused = await get(`${INFO}?ip=1.1.1.200`, "203.0.113.77");
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(42900);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another visitor, and the caller's own address, are not affected.
    expect((await get(`${INFO}?ip=1.1.1.200`, "198.51.100.9")).status).toBe(200);
    expect((await get(INFO, "203.0.113.77")).status).toBe(200);
  }, 60_000);

  it("tells any origin the caller's own address, and lets pages call the IPv6-only host name", async () => {
    const response = await app.request("/api/tools/my-ip", {
      headers: { "X-Forwarded-For": "2a00:1450:4001:80b::200e" },
    });
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.json()).toMatchObject({ data: { ip: "2a00:1450:4001:80b::200e", family: 6 } });

    const withOrigins = createTestApp(database, { env: { IPV6_CHECK_ORIGIN: "https://ipv6.vpn.example" } });
    const page = await withOrigins.request("/api/tools/my-ip");
    expect(page.headers.get("content-security-policy")).toContain("connect-src 'self' https://ipv6.vpn.example");
  });
});
