import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CaptchaVerifier } from "../../core/captcha/captcha";
import type { DatabaseHandle } from "../../db/client";
import { CAPTCHA_CALLS, captchaAliasPath } from "../../universal/api/captcha-calls";
import { apiClient, signUpBuyer } from "../helpers/api-client";
import { createTestApp } from "../helpers/test-app";
import { testDatabaseTargets } from "../helpers/test-databases";

/** SPEC §7: each captcha call is verified as its own variant and served at its one alias (decision 045). */
describe("captcha variants", () => {
  let database: DatabaseHandle;
  const seen: Array<"r2" | "r3"> = [];
  // Refuses every token, noting the variant it was asked to check.
  const strict: CaptchaVerifier = {
    provider: "none",
    clientConfig: async () => ({}),
    verify: async (_token, { variant }) => {
      seen.push(variant);
      return false;
    },
  };
  let call: ReturnType<typeof apiClient>;
  let buyerToken: string;
  beforeAll(async () => {
    database = await testDatabaseTargets()[0]!.open();
    const open = apiClient(createTestApp(database));
    buyerToken = await signUpBuyer(open, "buyer@example.com");
    call = apiClient(createTestApp(database, { deps: { captcha: strict } }));
  });
  afterAll(() => database.close());

  const variantOf = async (path: string, options: Parameters<typeof call>[2]) => {
    seen.length = 0;
    const answer = await call("POST", path, options);
    return { status: answer.status, code: answer.body.code, variant: seen.at(-1) };
  };
  const login = { body: { email: "a@example.com", password: "Sturdy-Pass9!", recasign: "t" } };
  const purchase = { appType: "101", token: "", body: { plan_id: "1-year", recasign: "t" } };

  it("checks login as r2 under both its spellings, and has no r3 alias for it", async () => {
    const failed = { status: 400, code: 40102, variant: "r2" };
    expect(await variantOf("/api/mms/account/v1/web/login", login)).toEqual(failed);
    expect(await variantOf("/ws/mm/reca/r2/account/v1/web/login", login)).toEqual(failed);
    expect((await call("POST", "/ws/mm/reca/r3/account/v1/web/login", login)).status).toBe(404);
  });

  it("checks sign-up, the purchase starts and contact-us as r3, each at its r3 alias", async () => {
    const failed = { status: 400, code: 40102, variant: "r3" };
    const signup = { body: { email: "new@example.com", recasign: "t" } };
    expect(await variantOf("/ws/mm/reca/r3/account/v1/web/anonymous_signup", signup)).toEqual(failed);
    expect((await call("POST", "/ws/mm/reca/r2/account/v1/web/anonymous_signup", signup)).status).toBe(404);
    const paying = { ...purchase, token: buyerToken };
    for (const path of [
      "/ws/mm/reca/r3/payment/v1/providers/s1/create_subscription",
      "/ws/mm/reca/r3/payment/v1/providers/common/pd/prepurchase",
      "/ws/mm/reca/r3/payment/v1/providers/ps/purchase",
    ]) {
      expect(await variantOf(path, paying), path).toEqual(failed);
    }
    // The aliases of a purchase need the buyer's session like the /api/mms paths do.
    expect((await call("POST", "/ws/mm/reca/r3/payment/v1/providers/ps/purchase", purchase)).status).toBe(401);
    const report = {
      body: {
        name: "Ada",
        email: "ada@example.com",
        topic: "billing",
        message: "Charged twice this morning, please help.",
        recasign: "t",
      },
    };
    expect(await variantOf("/ws/mm/reca/r3/report/v1/contact_us", report)).toEqual(failed);
  });

  it("shows every captcha call and its alias with the variant in the API document", async () => {
    const document = (await (await createTestApp(database).request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    for (const entry of CAPTCHA_CALLS) {
      const method = entry.method.toLowerCase();
      for (const path of [entry.path, captchaAliasPath(entry.path, entry.variant)]) {
        expect(document.paths[path]?.[method]?.description, path).toContain(`captcha ${entry.variant}`);
      }
      const other = entry.variant === "r2" ? "r3" : "r2";
      expect(document.paths[captchaAliasPath(entry.path, other)], entry.path).toBeUndefined();
    }
  });
});
