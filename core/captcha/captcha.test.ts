import { solveChallenge } from "altcha-lib/v1";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { testDatabaseTargets } from "../../tests/helpers/test-databases";
import { altchaVerifier } from "./altcha";
import { remoteCaptchaVerifier } from "./remote-captcha";

const [pglite] = testDatabaseTargets();

describe("altcha (self-hosted proof of work)", () => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await (pglite as NonNullable<typeof pglite>).open();
  });
  afterEach(async () => database.close());

  async function solvedToken(verifier: ReturnType<typeof altchaVerifier>) {
    const { challenge } = (await verifier.clientConfig()) as {
      challenge: { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
    };
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
      .promise;
    return Buffer.from(JSON.stringify({ ...challenge, number: solution?.number })).toString("base64");
  }

  it("accepts a solved challenge once, and refuses a replay, a forgery and garbage", async () => {
    const verifier = altchaVerifier(database.db, { maxNumber: 2_000 });
    const token = await solvedToken(verifier);
    expect(await verifier.verify(token, { ip: "1.2.3.4", variant: "r3" })).toBe(true);
    expect(await verifier.verify(token, { ip: "1.2.3.4", variant: "r3" })).toBe(false);

    const forged = JSON.parse(Buffer.from(await solvedToken(verifier), "base64").toString());
    forged.number += 1;
    expect(
      await verifier.verify(Buffer.from(JSON.stringify(forged)).toString("base64"), { ip: "", variant: "r3" }),
    ).toBe(false);
    expect(await verifier.verify("", { ip: "", variant: "r3" })).toBe(false);
    expect(await verifier.verify("bm90IGpzb24=", { ip: "", variant: "r3" })).toBe(false);
  });

  it("shares one generated key between processes through the database", async () => {
    const a = altchaVerifier(database.db, { maxNumber: 2_000 });
    const b = altchaVerifier(database.db, { maxNumber: 2_000 });
    expect(await b.verify(await solvedToken(a), { ip: "", variant: "r3" })).toBe(true);
  });
});

describe("reCAPTCHA and Turnstile", () => {
  const fakeFetch = (answer: unknown, seen: string[] = []) =>
    (async (url: string | URL | Request, init?: RequestInit) => {
      seen.push(`${String(url)} ${String(init?.body)}`);
      return new Response(JSON.stringify(answer));
    }) as typeof fetch;

  it("checks the token with the provider's secret and honours the v3 score", async () => {
    const seen: string[] = [];
    const good = remoteCaptchaVerifier({
      provider: "recaptcha",
      siteKey: "site",
      secret: "s3cret",
      fetcher: fakeFetch({ success: true, score: 0.9 }, seen),
    });
    expect(await good.verify("tok", { ip: "1.2.3.4", variant: "r3" })).toBe(true);
    expect(seen[0]).toContain("https://www.google.com/recaptcha/api/siteverify");
    expect(seen[0]).toContain("secret=s3cret");
    const lowScore = remoteCaptchaVerifier({
      provider: "recaptcha",
      siteKey: "site",
      secret: "x",
      fetcher: fakeFetch({ success: true, score: 0.1 }),
    });
    expect(await lowScore.verify("tok", { ip: "", variant: "r3" })).toBe(false);
    expect(await lowScore.verify("tok", { ip: "", variant: "r2" })).toBe(true);
    const turnstile = remoteCaptchaVerifier({
      provider: "turnstile",
      siteKey: "site",
      secret: "x",
      fetcher: fakeFetch({ success: false }),
    });
    expect(await turnstile.verify("tok", { ip: "", variant: "r3" })).toBe(false);
    expect(await good.verify("", { ip: "", variant: "r3" })).toBe(false);
    expect(await good.clientConfig()).toEqual({ siteKey: "site" });
  });
});
