import { execFileSync, spawnSync } from "node:child_process";
import { x25519 } from "@noble/curves/ed25519.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import type { DatabaseHandle } from "../../db/client";
import { plans, subscriptions } from "../../db/schema";
import { renderWireGuardConfig, wireGuardLocations } from "../../universal/wireguard/config";
import { toBase64 } from "../../universal/wireguard/keys";
import { type ApiResponse, apiClient } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

const A = "/api/mms/account/v1/web";
const OPERATOR = "/api/operator/v1/wireguard";
const OPERATOR_TOKEN = "operator-token-operator-token-0123456789";
const SERVER_TOKEN = "vpn-server-token-fra-1-0123456789abcdef";
const DAY = 24 * 60 * 60 * 1000;

function keyPair() {
  const secret = x25519.utils.randomSecretKey();
  return { privateKey: toBase64(secret), publicKey: toBase64(x25519.getPublicKey(secret)) };
}

describe.each(testDatabaseTargets())("WireGuard and OpenVPN API on $name", (target) => {
  let database: DatabaseHandle;
  let app: ReturnType<typeof createTestApp>;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    app = createTestApp(database, {
      env: { OPERATOR_TOKEN, VPN_SERVER_TOKENS: `${SERVER_TOKEN}, other-server-token-0123456789abcdefgh` },
      deps: { captcha: noCaptchaVerifier() },
    });
    call = apiClient(app);
  });
  afterEach(async () => database.close());

  /** A browser session of a new account, with a paid plan of `deviceLimit` places when `paid`. */
  async function customer(email: string, { paid = true, deviceLimit = 2 } = {}) {
    const signup = await call("POST", `${A}/anonymous_signup`, { body: { email, recasign: "t" } });
    const userId = Number(signup.body.data?.user_id);
    if (paid) {
      await database.db.insert(plans).values({ id: `plan-${userId}`, months: 12, deviceLimit });
      await database.db.insert(subscriptions).values({
        userId,
        planId: `plan-${userId}`,
        provider: "card",
        processor: "sandbox",
        providerSubscriptionId: `sub_${userId}`,
        status: "active",
        currentPeriodEnd: new Date(Date.now() + 30 * DAY),
      });
    }
    return { cookie: String(signup.cookie), userId };
  }
  const expectError = (response: ApiResponse, status: number, code: number) =>
    expect({ status: response.status, code: response.body.code }).toEqual({ status, code });
  const operator = (path: string, token = SERVER_TOKEN) => call("GET", `${OPERATOR}${path}`, { appType: null, token });

  it("adds keys within the plan's limit, refuses one over it, lists and revokes", async () => {
    const { cookie } = await customer("vip@example.com");
    const first = keyPair();
    const added = await call("POST", `${A}/wireguard/add`, {
      cookie,
      body: { public_key: first.publicKey, name: "Laptop" },
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({ name: "Laptop", public_key: first.publicKey, ipv4: "10.64.0.16" });
    expect(JSON.stringify(added.body)).not.toContain(first.privateKey);
    const second = await call("POST", `${A}/wireguard/add`, {
      cookie,
      body: { public_key: keyPair().publicKey, name: "Desk" },
    });
    expect(second.body.data).toMatchObject({ ipv4: "10.64.0.17", ipv6: "fd64:7670::11" });

    expectError(
      await call("POST", `${A}/wireguard/add`, { cookie, body: { public_key: keyPair().publicKey, name: "Third" } }),
      409,
      40107,
    );
    const list = await call("GET", `${A}/wireguard/list`, { cookie });
    expect(list.body.data).toMatchObject({ limit: 2, used: 2 });
    expect(((list.body.data?.keys ?? []) as unknown[]).length).toBe(2);

    const id = Number(added.body.data?.id);
    expect((await call("POST", `${A}/wireguard/revoke`, { cookie, body: { id } })).body).toMatchObject({
      code: 200,
      data: { revoked: true },
    });
    expectError(await call("POST", `${A}/wireguard/revoke`, { cookie, body: { id } }), 404, 40192);
    // The place is free again.
    expect(
      (await call("POST", `${A}/wireguard/add`, { cookie, body: { public_key: keyPair().publicKey, name: "New" } }))
        .status,
    ).toBe(200);
  });

  it("refuses accounts without paid time, bad keys, a key taken, another account's key, and no session", async () => {
    const free = await customer("free@example.com", { paid: false });
    const { publicKey } = keyPair();
    expectError(
      await call("POST", `${A}/wireguard/add`, { cookie: free.cookie, body: { public_key: publicKey, name: "x" } }),
      409,
      40190,
    );
    const vip = await customer("vip@example.com");
    for (const bad of ["", "not-base64", `${publicKey}=`, publicKey.slice(1), publicKey.replace(/=$/, "")]) {
      expectError(
        await call("POST", `${A}/wireguard/add`, { cookie: vip.cookie, body: { public_key: bad, name: "x" } }),
        400,
        40000,
      );
    }
    const mine = await call("POST", `${A}/wireguard/add`, {
      cookie: vip.cookie,
      body: { public_key: publicKey, name: "x" },
    });
    const other = await customer("other@example.com");
    expectError(
      await call("POST", `${A}/wireguard/add`, { cookie: other.cookie, body: { public_key: publicKey, name: "x" } }),
      409,
      40191,
    );
    expectError(
      await call("POST", `${A}/wireguard/revoke`, { cookie: other.cookie, body: { id: Number(mine.body.data?.id) } }),
      404,
      40192,
    );
    expect((await call("GET", `${A}/wireguard/list`)).status).toBe(401);
  });

  it("serves the VPN servers the peer list and the change feed, with a server's or the operator's token only", async () => {
    expect((await operator("/peers", "wrong-token-wrong-token-wrong-token-00")).status).toBe(401);
    expect((await call("GET", `${OPERATOR}/peers`, { appType: null })).status).toBe(401);
    const empty = await operator("/peers");
    expect(empty.body.data).toEqual({ peers: [], cursor: 0 });

    const { cookie } = await customer("vip@example.com");
    const first = keyPair();
    const added = await call("POST", `${A}/wireguard/add`, {
      cookie,
      body: { public_key: first.publicKey, name: "A" },
    });
    const snapshot = await operator("/peers", OPERATOR_TOKEN);
    expect(snapshot.body.data?.peers).toEqual([
      { public_key: first.publicKey, ipv4: "10.64.0.16", ipv6: "fd64:7670::10" },
    ]);
    const cursor = Number(snapshot.body.data?.cursor);

    const second = keyPair();
    await call("POST", `${A}/wireguard/add`, { cookie, body: { public_key: second.publicKey, name: "B" } });
    await call("POST", `${A}/wireguard/revoke`, { cookie, body: { id: Number(added.body.data?.id) } });
    const feed = await operator(`/changes?cursor=${cursor}`);
    expect(feed.body.data).toMatchObject({ more: false, resync: false });
    expect(
      ((feed.body.data?.changes ?? []) as Array<{ kind: string; public_key: string }>).map((c) => [
        c.kind,
        c.public_key,
      ]),
    ).toEqual([
      ["add", second.publicKey],
      ["remove", first.publicKey],
    ]);
    const next = await operator(`/changes?cursor=${feed.body.data?.cursor}`);
    expect(next.body.data).toMatchObject({ changes: [], resync: false });
    expect((await operator(`/changes?cursor=${Number(feed.body.data?.cursor) + 10}`)).body.data).toMatchObject({
      resync: true,
    });
    expectError(await operator("/changes"), 400, 40000);
    expectError(await operator("/changes?cursor=-1"), 400, 40000);
  });

  it("gives a VIP customer an OpenVPN profile per country, nobody else", async () => {
    const download = (cookie: string | undefined, region: string) =>
      app.request(`${A}/openvpn/profile?region=${region}`, {
        headers: {
          "x-app-type": "501",
          ...(cookie ? { cookie: `veilport_session=${cookie}`, "sec-fetch-site": "same-origin" } : {}),
        },
      });
    const vip = await customer("vip@example.com");
    const response = await download(vip.cookie, "germany");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/x-openvpn-profile");
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="[a-z0-9-]+-germany\.ovpn"/);
    const text = await response.text();
    expect(text).toContain("remote de-fra.ovpn.example.net 1194");
    expect(text).toMatch(/<ca>\n-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----\n<\/ca>/);

    expect((await download(vip.cookie, "atlantis")).status).toBe(400);
    const free = await customer("free@example.com", { paid: false });
    expect(((await (await download(free.cookie, "germany")).json()) as { code: number }).code).toBe(40190);
    expect((await download(undefined, "germany")).status).toBe(401);
  });

  it("lists an account's keys in its data export", async () => {
    const { cookie, userId } = await customer("leaving@example.com");
    const { publicKey } = keyPair();
    await call("POST", `${A}/wireguard/add`, { cookie, body: { public_key: publicKey, name: "Old laptop" } });
    const exported = await app.request(`${A}/data_export`, {
      headers: { "x-app-type": "501", cookie: `veilport_session=${cookie}`, "sec-fetch-site": "same-origin" },
    });
    const file = (await exported.json()) as { data: Record<string, Array<Record<string, unknown>>> };
    expect(file.data.wireguard_peers?.[0]).toMatchObject({
      public_key: publicKey,
      name: "Old laptop",
      user_id: userId,
    });
  });
});

const wg = spawnSync("wg", ["--version"]).status === 0;

describe.skipIf(!wg && !process.env.CI)("a downloaded configuration and the servers' peer list", () => {
  it("names the same public key: `wg pubkey` of the file's private key is the listed key", async () => {
    const [target] = testDatabaseTargets();
    const database = await target!.open();
    try {
      const app = createTestApp(database, { env: { OPERATOR_TOKEN }, deps: { captcha: noCaptchaVerifier() } });
      const call = apiClient(app);
      const signup = await call("POST", `${A}/anonymous_signup`, { body: { email: "wg@example.com", recasign: "t" } });
      const userId = Number(signup.body.data?.user_id);
      await database.db.insert(plans).values({ id: "p", months: 1, deviceLimit: 5 });
      await database.db.insert(subscriptions).values({
        userId,
        planId: "p",
        provider: "card",
        processor: "sandbox",
        providerSubscriptionId: "s",
        status: "active",
        currentPeriodEnd: new Date(Date.now() + DAY),
      });
      const pair = keyPair();
      const added = await call("POST", `${A}/wireguard/add`, {
        cookie: String(signup.cookie),
        body: { public_key: pair.publicKey, name: "wg" },
      });
      const location = wireGuardLocations()[0]!;
      const text = renderWireGuardConfig({
        privateKey: pair.privateKey,
        ipv4: String(added.body.data?.ipv4),
        ipv6: String(added.body.data?.ipv6),
        server: location.server,
        port: 51820,
        ipv6Enabled: true,
        dns: { ipv4: "10.64.0.1", ipv6: "fd64:7670::1" },
        persistentKeepalive: 25,
      });
      const privateLine = /^PrivateKey = (.+)$/m.exec(text)?.[1];
      const derived = execFileSync("wg", ["pubkey"], { input: `${privateLine}\n` })
        .toString()
        .trim();
      const listed = await call("GET", `${OPERATOR}/peers`, { appType: null, token: OPERATOR_TOKEN });
      expect(((listed.body.data?.peers ?? []) as Array<{ public_key: string }>).map((peer) => peer.public_key)).toEqual(
        [derived],
      );
      expect(text).toContain(`Address = ${added.body.data?.ipv4}/32, ${added.body.data?.ipv6}/128`);
    } finally {
      await database.close();
    }
  });
});
