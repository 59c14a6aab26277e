import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { verificationCodes } from "../../db/schema";
import { testDatabaseTargets } from "../../tests/helpers/test-databases";
import {
  CODE_LIFETIME_MS,
  CODE_MAX_FAILED_ATTEMPTS,
  exchangeCodeForTicket,
  issueVerificationCode,
  redeemCode,
  redeemTicket,
} from "./verification";

const EMAIL = "owner@example.com";
const wrongCodes = (right: string, count: number) =>
  Array.from({ length: count }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, "0"));

describe.each(testDatabaseTargets())("verification codes on $name", (target) => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await target.open();
  });
  afterEach(async () => database.close());

  it("uses a right code once; wrong, foreign-purpose, expired and unknown-address codes all get the same refusal", async () => {
    const now = new Date("2026-11-27T10:00:00Z");
    const code = await issueVerificationCode(database.db, { email: EMAIL, purpose: "login", now });
    const [wrong] = wrongCodes(code, 1) as [string];
    const refusal = { ok: false };
    expect(await redeemCode(database.db, { email: EMAIL, purpose: "login", code: wrong, now })).toEqual(refusal);
    expect(await redeemCode(database.db, { email: EMAIL, purpose: "reset_password", code, now })).toEqual(refusal);
    expect(await redeemCode(database.db, { email: "nobody@example.com", purpose: "login", code, now })).toEqual(
      refusal,
    );
    const late = new Date(now.getTime() + CODE_LIFETIME_MS);
    expect(await redeemCode(database.db, { email: EMAIL, purpose: "login", code, now: late })).toEqual(refusal);
    expect(await redeemCode(database.db, { email: EMAIL.toUpperCase(), purpose: "login", code, now })).toMatchObject({
      ok: true,
    });
    expect(await redeemCode(database.db, { email: EMAIL, purpose: "login", code, now })).toEqual(refusal);
  });

  it("refuses the right code after five wrong ones, exactly like an address without an account", async () => {
    const code = await issueVerificationCode(database.db, { email: EMAIL, purpose: "reset_password" });
    for (const wrong of wrongCodes(code, CODE_MAX_FAILED_ATTEMPTS)) {
      await redeemCode(database.db, { email: EMAIL, purpose: "reset_password", code: wrong });
    }
    expect(await redeemCode(database.db, { email: EMAIL, purpose: "reset_password", code })).toEqual({ ok: false });
    expect(await exchangeCodeForTicket(database.db, { email: EMAIL, purpose: "reset_password", code })).toEqual({
      ok: false,
    });
  });

  it("counts concurrent wrong guesses in the update that would use the code: 50 at once use exactly five tries", async () => {
    const code = await issueVerificationCode(database.db, { email: EMAIL, purpose: "login" });
    // Fifty wrong guesses in flight together (on PostgreSQL over several connections, in no set
    // order): the conditional update weighs five and refuses the rest, so the right code sent
    // afterwards is refused. A read-then-write check weighs them all, or loses some of the counts.
    const answers = await Promise.all(
      wrongCodes(code, 50).map((guess) => redeemCode(database.db, { email: EMAIL, purpose: "login", code: guess })),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(0);
    const [row] = await database.db.select().from(verificationCodes).where(eq(verificationCodes.email, EMAIL));
    expect(row?.failedAttempts).toBe(CODE_MAX_FAILED_ATTEMPTS);
    expect(await redeemCode(database.db, { email: EMAIL, purpose: "login", code })).toEqual({ ok: false });
  });

  it("accepts the right code once of twenty concurrent submissions, between concurrent wrong ones", async () => {
    const code = await issueVerificationCode(database.db, { email: EMAIL, purpose: "login" });
    const guesses = [...wrongCodes(code, 2), ...Array(20).fill(code), ...wrongCodes(code, 2)];
    const answers = await Promise.all(
      guesses.map((guess) => redeemCode(database.db, { email: EMAIL, purpose: "login", code: guess })),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
  });

  it("exchanges a right code for a ticket that is used once; a wrong guess does not spoil the ticket", async () => {
    const code = await issueVerificationCode(database.db, { email: EMAIL, purpose: "reset_password" });
    const exchanged = await exchangeCodeForTicket(database.db, { email: EMAIL, purpose: "reset_password", code });
    if (!exchanged.ok) throw new Error("the right code was refused");
    const [wrong] = wrongCodes(code, 1) as [string];
    await exchangeCodeForTicket(database.db, { email: EMAIL, purpose: "reset_password", code: wrong });
    const ticket = { email: EMAIL, purpose: "reset_password" as const, ticket: exchanged.ticket };
    expect(await redeemTicket(database.db, { ...ticket, purpose: "login" })).toEqual({ ok: false });
    expect(await redeemTicket(database.db, ticket)).toMatchObject({ ok: true });
    expect(await redeemTicket(database.db, ticket)).toEqual({ ok: false });
    expect(await redeemCode(database.db, { email: EMAIL, purpose: "reset_password", code })).toEqual({ ok: false });
  });
});
