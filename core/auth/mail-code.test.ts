import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { testDatabaseTargets } from "../../tests/helpers/test-databases";
import { mailVerificationCode } from "./mail-code";
import { redeemCode } from "./verification";

const EMAIL = "owner@example.com";

describe.each(testDatabaseTargets())("mailVerificationCode on $name", (target) => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await target.open();
  });
  afterEach(async () => database.close());

  it("queues one mail to the address holding a code that works for its purpose, then wakes the sender", async () => {
    let wakes = 0;
    const deps = { db: database.db, onMailQueued: () => wakes++ };
    await mailVerificationCode(deps, { email: EMAIL, purpose: "reset_password", locale: "de" });
    const mails = await database.db.select().from(mailOutbox);
    expect(mails.map((mail) => mail.to)).toEqual([EMAIL]);
    expect(wakes).toBe(1);
    const code = mails[0]!.text.match(/\b\d{6}\b/)?.[0];
    expect(code).toBeDefined();
    expect(await redeemCode(database.db, { email: EMAIL, purpose: "login", code: code! })).toEqual({ ok: false });
    expect(await redeemCode(database.db, { email: EMAIL, purpose: "reset_password", code: code! })).toMatchObject({
      ok: true,
    });
  });

  it("writes the mail in the language asked for", async () => {
    await mailVerificationCode({ db: database.db }, { email: EMAIL, purpose: "login", locale: "en" });
    await mailVerificationCode({ db: database.db }, { email: EMAIL, purpose: "login", locale: "de" });
    const [english, german] = await database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(english!.subject).not.toEqual(german!.subject);
  });
});
