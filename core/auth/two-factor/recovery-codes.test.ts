import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client";
import { testDatabaseTargets } from "../../../tests/helpers/test-databases";
import { createPasswordlessAccount } from "../accounts";
import {
  newRecoveryCode,
  normaliseRecoveryCode,
  RECOVERY_CODE_COUNT,
  redeemRecoveryCode,
  replaceRecoveryCodes,
  unusedRecoveryCodes,
} from "./recovery-codes";

describe("recovery code text", () => {
  it.each([
    { typed: "abcde-fghjk", stored: "abcdefghjk" },
    { typed: "ABCDE-FGHJK", stored: "abcdefghjk" },
    { typed: " abcde fghjk ", stored: "abcdefghjk" },
    { typed: "abcdefghjk", stored: "abcdefghjk" },
  ])("$typed reads as $stored", ({ typed, stored }) => {
    expect(normaliseRecoveryCode(typed)).toBe(stored);
  });
  it("is two groups of five unambiguous characters", () => {
    for (let i = 0; i < 50; i++) expect(newRecoveryCode()).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
  });
});

describe.each(testDatabaseTargets())("recovery codes on $name", (target) => {
  let database: DatabaseHandle;
  let userId: number;
  beforeEach(async () => {
    database = await target.open();
    userId = (await createPasswordlessAccount(database.db, "codes@example.com", "en"))!.id;
  });
  afterEach(async () => database.close());

  it("takes each of the ten codes once, and a new set replaces the old", async () => {
    const codes = await replaceRecoveryCodes(database.db, userId);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    expect(await redeemRecoveryCode(database.db, userId, codes[0]!.toUpperCase())).toBe(true);
    expect(await redeemRecoveryCode(database.db, userId, codes[0]!)).toBe(false);
    expect(await unusedRecoveryCodes(database.db, userId)).toBe(RECOVERY_CODE_COUNT - 1);
    const other = (await createPasswordlessAccount(database.db, "other@example.com", "en"))!.id;
    expect(await redeemRecoveryCode(database.db, other, codes[1]!)).toBe(false);
    await replaceRecoveryCodes(database.db, userId);
    expect(await redeemRecoveryCode(database.db, userId, codes[1]!)).toBe(false);
    expect(await unusedRecoveryCodes(database.db, userId)).toBe(RECOVERY_CODE_COUNT);
  });
});
