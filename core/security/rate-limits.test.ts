import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { testDatabaseTargets } from "../../tests/helpers/test-databases";
import {
  claimPasswordAttempt,
  failureLimitReached,
  forgetLoginFailures,
  hitRateLimit,
  LOGIN_FAILURE_DELAY,
  loginDelaySeconds,
  RATE_LIMITS,
} from "./rate-limits";

describe("loginDelaySeconds", () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 1],
    [6, 2],
    [10, 32],
    [14, 512],
    [15, 900],
    [105, 900],
    [10_000, 900],
  ])("after %i failures waits %i s", (failures, seconds) => {
    expect(loginDelaySeconds(failures)).toBe(seconds);
  });
});

describe.each(testDatabaseTargets())("claimPasswordAttempt on $name", (target) => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await target.open();
  });
  afterEach(async () => database.close());

  const at = (seconds: number) => new Date(Date.parse("2026-11-27T09:00:00Z") + seconds * 1000);

  it("lets five attempts through, then makes each wait longer; refused attempts do not add to the wait", async () => {
    for (let i = 0; i < LOGIN_FAILURE_DELAY.freeFailures; i++) {
      expect(await claimPasswordAttempt(database.db, "a@example.com", at(0))).toEqual({ allowed: true });
    }
    for (let i = 0; i < 20; i++) {
      expect(await claimPasswordAttempt(database.db, "A@example.com", at(0))).toEqual({
        allowed: false,
        retryAfterSeconds: 1,
      });
    }
    expect(await claimPasswordAttempt(database.db, "a@example.com", at(1))).toEqual({ allowed: true });
    expect(await claimPasswordAttempt(database.db, "a@example.com", at(2))).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    expect(await claimPasswordAttempt(database.db, "a@example.com", at(3))).toEqual({ allowed: true });
    // Other addresses are not slowed down.
    expect(await claimPasswordAttempt(database.db, "b@example.com", at(3))).toEqual({ allowed: true });
  });

  it("gives one of many parallel attempts each slot", async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => claimPasswordAttempt(database.db, "a@example.com", at(0))),
    );
    expect(answers.filter((answer) => answer.allowed).length).toBeLessThanOrEqual(LOGIN_FAILURE_DELAY.freeFailures);
  });

  it("starts afresh after a right password or a quiet day", async () => {
    for (let i = 0; i < 8; i++) await claimPasswordAttempt(database.db, "a@example.com", at(i * 1000));
    expect((await claimPasswordAttempt(database.db, "a@example.com", at(7000))).allowed).toBe(false);
    expect((await claimPasswordAttempt(database.db, "a@example.com", at(7000 + 24 * 3600))).allowed).toBe(true);
    for (let i = 0; i < 8; i++) await claimPasswordAttempt(database.db, "c@example.com", at(i * 1000));
    await forgetLoginFailures(database.db, "C@example.com");
    expect((await claimPasswordAttempt(database.db, "c@example.com", at(7000))).allowed).toBe(true);
  });
});

describe.each(testDatabaseTargets())("failureLimitReached on $name", (target) => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await target.open();
  });
  afterEach(async () => database.close());

  const at = (seconds: number) => new Date(Date.parse("2026-11-27T09:00:00Z") + seconds * 1000);

  it("looks without counting, refuses once the failures reach the limit, and forgets after the window", async () => {
    const { limit, windowSeconds } = RATE_LIMITS.secondFactorFailuresPerAccount;
    for (let i = 0; i < limit - 1; i++) {
      await hitRateLimit(database.db, "secondFactorFailuresPerAccount", "7", at(0));
    }
    // Looking many times never adds a failure.
    for (let i = 0; i < 5; i++) {
      expect(await failureLimitReached(database.db, "secondFactorFailuresPerAccount", "7", at(1))).toBeNull();
    }
    await hitRateLimit(database.db, "secondFactorFailuresPerAccount", "7", at(1));
    expect(await failureLimitReached(database.db, "secondFactorFailuresPerAccount", "7", at(2))).toBe(
      windowSeconds - 2,
    );
    expect(await failureLimitReached(database.db, "secondFactorFailuresPerAccount", "8", at(2))).toBeNull();
    expect(await failureLimitReached(database.db, "secondFactorFailuresPerAccount", "7", at(windowSeconds))).toBeNull();
  });
});
