import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { noCaptchaVerifier } from "../../core/captcha/remote-captcha";
import type { DatabaseHandle } from "../../db/client";
import { passkeys } from "../../db/schema";
import { apiClient } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

const A = "/api/mms/account/v1/web";
const origin = { origin: "http://localhost:3000" };

describe.each(testDatabaseTargets())("passkey names on $name", (target) => {
  let database: DatabaseHandle;
  let call: ReturnType<typeof apiClient>;

  beforeEach(async () => {
    database = await target.open();
    call = apiClient(
      createTestApp(database, {
        deps: { captcha: noCaptchaVerifier() },
        env: { PUBLIC_ORIGIN: "http://localhost:3000" },
      }),
    );
  });
  afterEach(async () => database.close());

  it("lists each passkey's name and lets only its owner rename it", async () => {
    const signUp = (email: string) =>
      call("POST", `${A}/anonymous_signup`, { body: { email, recasign: "t" }, headers: origin });
    const owner = await signUp("owner@example.com");
    const other = await signUp("other@example.com");
    const ownerId = Number(owner.body.data?.user_id);
    // A row as registration stores it (the WebAuthn ceremony itself is covered by the two-factor tests).
    const [key] = await database.db
      .insert(passkeys)
      .values([
        { userId: ownerId, credentialId: "cred-1", publicKey: "pk", name: "Chrome · Android" },
        { userId: ownerId, credentialId: "cred-2", publicKey: "pk" },
      ])
      .returning({ id: passkeys.id });
    const listed = async () =>
      ((await call("GET", `${A}/two_factor`, { cookie: owner.cookie! })).body.data?.passkeys as Array<{
        name: string | null;
      }>) ?? [];
    expect((await listed()).map((row) => row.name)).toEqual(["Chrome · Android", null]);

    const rename = (cookie: string, body: unknown) =>
      call("POST", `${A}/two_factor/passkeys/rename`, { cookie, body, headers: origin });
    expect((await rename(owner.cookie!, { id: key?.id, name: "  Work   YubiKey  " })).status).toBe(200);
    expect((await listed())[0]?.name).toBe("Work YubiKey");
    expect((await rename(owner.cookie!, { id: key?.id, name: "   " })).body.code).toBe(40000);
    expect((await rename(owner.cookie!, { id: key?.id, name: "x".repeat(61) })).body.code).toBe(40000);
    // Someone else's passkey is not found.
    expect((await rename(other.cookie!, { id: key?.id, name: "mine" })).status).toBe(404);
    expect((await listed())[0]?.name).toBe("Work YubiKey");
  });
});
