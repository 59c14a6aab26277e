import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client";
import { testDatabaseTargets } from "../../../tests/helpers/test-databases";
import { createPasswordlessAccount } from "../accounts";
import { acceptedStep, checkTotp, groupedKey, startTotpEnrolment, totpCodeAt, totpUri } from "./totp";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const AT = new Date("2026-11-28T12:00:10Z");
const STEP = Math.floor(AT.getTime() / 30_000);
const shifted = (seconds: number) => new Date(AT.getTime() + seconds * 1000);

describe("acceptedStep", () => {
  it.each([
    { case: "the current code", code: totpCodeAt(SECRET, AT), lastStep: null, step: STEP },
    {
      case: "the previous step's code (slow typing)",
      code: totpCodeAt(SECRET, shifted(-30)),
      lastStep: null,
      step: STEP - 1,
    },
    {
      case: "the next step's code (phone clock ahead)",
      code: totpCodeAt(SECRET, shifted(30)),
      lastStep: null,
      step: STEP + 1,
    },
    { case: "a code two steps old", code: totpCodeAt(SECRET, shifted(-60)), lastStep: null, step: null },
    { case: "a code two steps ahead", code: totpCodeAt(SECRET, shifted(60)), lastStep: null, step: null },
    { case: "the same code again", code: totpCodeAt(SECRET, AT), lastStep: STEP, step: null },
    { case: "an older code after a newer one", code: totpCodeAt(SECRET, shifted(-30)), lastStep: STEP, step: null },
    { case: "a newer code after an older one", code: totpCodeAt(SECRET, shifted(30)), lastStep: STEP, step: STEP + 1 },
    {
      case: "spaces typed inside",
      code: `${totpCodeAt(SECRET, AT).slice(0, 3)} ${totpCodeAt(SECRET, AT).slice(3)}`,
      lastStep: null,
      step: STEP,
    },
    { case: "letters", code: "12a456", lastStep: null, step: null },
    { case: "too short", code: "12345", lastStep: null, step: null },
  ])("$case", ({ code, lastStep, step }) => {
    expect(acceptedStep({ secret: SECRET, code, now: AT, lastStep })).toBe(step);
  });
});

describe("what the enrolment shows", () => {
  it("groups the manual key by four", () => {
    expect(groupedKey("ABCDEFGHIJKL")).toBe("ABCD EFGH IJKL");
  });
  it("labels the app's entry with the issuer and the account", () => {
    const uri = totpUri({ secret: SECRET, issuer: "Example VPN", account: "a@example.com" });
    expect(uri).toMatch(/^otpauth:\/\/totp\/Example%20VPN:a%40example\.com\?/);
    expect(new URL(uri).searchParams.get("secret")).toBe(SECRET);
  });
});

describe.each(testDatabaseTargets())("checkTotp on $name", (target) => {
  let database: DatabaseHandle;
  let userId: number;
  beforeEach(async () => {
    database = await target.open();
    userId = (await createPasswordlessAccount(database.db, "totp@example.com", "en"))!.id;
  });
  afterEach(async () => database.close());

  it("is in force only after a first code confirms it, and takes each code once", async () => {
    const secret = (await startTotpEnrolment(database.db, userId))!;
    const code = totpCodeAt(secret, AT);
    expect(await checkTotp(database.db, { userId, code, now: AT })).toBe(false);
    expect(await checkTotp(database.db, { userId, code, now: AT, confirming: true })).toBe(true);
    // The confirming code was its step's one use.
    expect(await checkTotp(database.db, { userId, code, now: AT })).toBe(false);
    const next = totpCodeAt(secret, shifted(30));
    expect(await checkTotp(database.db, { userId, code: next, now: shifted(30) })).toBe(true);
    expect(await checkTotp(database.db, { userId, code: next, now: shifted(31) })).toBe(false);
    // An authenticator in force is not replaced by starting again.
    expect(await startTotpEnrolment(database.db, userId)).toBeNull();
  });

  it("lets one of two racing requests with the same code through", async () => {
    const secret = (await startTotpEnrolment(database.db, userId))!;
    await checkTotp(database.db, { userId, code: totpCodeAt(secret, AT), now: AT, confirming: true });
    const code = totpCodeAt(secret, shifted(30));
    const results = await Promise.all([
      checkTotp(database.db, { userId, code, now: shifted(30) }),
      checkTotp(database.db, { userId, code, now: shifted(30) }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
