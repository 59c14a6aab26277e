import { and, eq, gte, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { emailChanges, users } from "../../db/schema";
import { queueMail } from "../email/outbox";
import { emailChangedMail } from "../email/security-mail";
import { newToken, sha256 } from "../security/tokens";
import { findAccountByEmail, findAccountById } from "./accounts";
import { mailVerificationCode } from "./mail-code";
import { recordSecurityEvent } from "./security-events";
import { revokeUserSessions } from "./sessions";
import { redeemCode } from "./verification";

/** How long the old address can take the account back after a change. */
export const EMAIL_UNDO_HOURS = 72;
const HOUR_MS = 60 * 60 * 1000;

export type UndoState = "open" | "used" | "expired";

/** Whether a change can still be undone at `now`: once, and only within its window. */
export function undoState(change: { undoUntil: Date; undoneAt: Date | null }, now: Date): UndoState {
  if (change.undoneAt) return "used";
  return now.getTime() < change.undoUntil.getTime() ? "open" : "expired";
}

export function undoDeadline(changedAt: Date): Date {
  return new Date(changedAt.getTime() + EMAIL_UNDO_HOURS * HOUR_MS);
}

interface MailDeps {
  db: Database;
  onMailQueued?: () => void;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Step one: a code to the new address (the verification-code machinery, purpose `change_email`),
 * in the account's language. Refused when the address is the current one or another account's.
 */
export async function requestEmailChange(
  deps: MailDeps,
  input: { userId: number; newEmail: string },
): Promise<{ ok: true } | { ok: false; reason: "same" | "taken" | "no_account" }> {
  const account = await findAccountById(deps.db, input.userId);
  if (!account) return { ok: false, reason: "no_account" };
  if (account.email !== null && sameAddress(account.email, input.newEmail)) return { ok: false, reason: "same" };
  if (await findAccountByEmail(deps.db, input.newEmail)) return { ok: false, reason: "taken" };
  await mailVerificationCode(deps, { email: input.newEmail, purpose: "change_email", locale: account.locale });
  return { ok: true };
}

export type ConfirmResult =
  | { ok: true; oldEmail: string | null; newEmail: string }
  | { ok: false; reason: "code" | "taken" | "no_account" };

/**
 * Step two: the code from the new address switches the account to it (the address is proved by
 * the code), records the change with a hashed undo token, logs it, and tells the old address
 * with the undo link (`undoUrl` builds it from the token).
 */
export async function confirmEmailChange(
  deps: MailDeps,
  input: {
    userId: number;
    newEmail: string;
    code: string;
    undoUrl: (token: string) => string;
    country?: string | null;
    appType?: number;
    now?: Date;
  },
): Promise<ConfirmResult> {
  const now = input.now ?? new Date();
  const newEmail = input.newEmail.trim();
  const code = await redeemCode(deps.db, { email: newEmail, purpose: "change_email", code: input.code, now });
  if (!code.ok) return { ok: false, reason: "code" };
  const account = await findAccountById(deps.db, input.userId);
  if (!account) return { ok: false, reason: "no_account" };
  if (account.email === null) return addFirstEmail(deps, { ...input, account, newEmail, now });
  const oldEmail = account.email;
  const token = newToken();
  const undoUntil = undoDeadline(now);
  const changed = await deps.db.transaction(async (tx) => {
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${newEmail.toLowerCase()}`);
    if (other) return false;
    await tx.update(users).set({ email: newEmail, emailVerifiedAt: now }).where(eq(users.id, account.id));
    await tx.insert(emailChanges).values({
      userId: account.id,
      oldEmail,
      newEmail,
      undoTokenHash: sha256(token),
      changedAt: now,
      undoUntil,
    });
    return true;
  });
  if (!changed) return { ok: false, reason: "taken" };
  await recordSecurityEvent(
    deps.db,
    { userId: account.id, kind: "email_changed", country: input.country, appType: input.appType, now },
    { mail: false },
  );
  await queueMail(deps.db, {
    to: oldEmail,
    ...emailChangedMail({
      locale: account.locale,
      oldEmail,
      newEmail,
      undoUrl: input.undoUrl(token),
      undoUntil,
    }),
  });
  deps.onMailQueued?.();
  return { ok: true, oldEmail, newEmail };
}

/**
 * An account-number account gets its first address (decision 042): it becomes an ordinary
 * account, so the number stops signing in. No old address to tell or to go back to: the notice
 * goes to the new one.
 */
async function addFirstEmail(
  deps: MailDeps,
  input: { account: { id: number }; newEmail: string; now: Date; country?: string | null; appType?: number },
): Promise<ConfirmResult> {
  const changed = await deps.db.transaction(async (tx) => {
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${input.newEmail.toLowerCase()}`);
    if (other) return false;
    await tx
      .update(users)
      .set({ email: input.newEmail, emailVerifiedAt: input.now, accountNumberHash: null })
      .where(eq(users.id, input.account.id));
    return true;
  });
  if (!changed) return { ok: false, reason: "taken" };
  await recordSecurityEvent(
    deps.db,
    { userId: input.account.id, kind: "email_changed", country: input.country, appType: input.appType, now: input.now },
    { onMailQueued: deps.onMailQueued },
  );
  return { ok: true, oldEmail: null, newEmail: input.newEmail };
}

export type UndoResult = { ok: true; email: string } | { ok: false; reason: "unknown" | "used" | "expired" | "taken" };

/**
 * The old address's link: puts the address back, ends every session of the account (whoever
 * changed it is signed out) and logs it; the restored address gets the usual notice. Later
 * changes of the same account are closed too, so one link cannot be played against another.
 */
export async function undoEmailChange(
  deps: MailDeps,
  input: { token: string; country?: string | null; now?: Date },
): Promise<UndoResult> {
  const now = input.now ?? new Date();
  if (!input.token || input.token.length > 200) return { ok: false, reason: "unknown" };
  const result = await deps.db.transaction(async (tx): Promise<UndoResult & { userId?: number }> => {
    const [change] = await tx
      .select()
      .from(emailChanges)
      .where(eq(emailChanges.undoTokenHash, sha256(input.token)))
      .for("update");
    if (!change) return { ok: false, reason: "unknown" };
    const state = undoState(change, now);
    if (state !== "open") return { ok: false, reason: state };
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${change.oldEmail.toLowerCase()} and ${users.id} <> ${change.userId}`);
    if (other) return { ok: false, reason: "taken" };
    await tx.update(users).set({ email: change.oldEmail, emailVerifiedAt: now }).where(eq(users.id, change.userId));
    await tx
      .update(emailChanges)
      .set({ undoneAt: now })
      .where(
        and(
          eq(emailChanges.userId, change.userId),
          gte(emailChanges.changedAt, change.changedAt),
          isNull(emailChanges.undoneAt),
        ),
      );
    return { ok: true, email: change.oldEmail, userId: change.userId };
  });
  if (!result.ok || result.userId === undefined) return result;
  await revokeUserSessions(deps.db, result.userId, "email_change_undone", { now });
  await recordSecurityEvent(
    deps.db,
    { userId: result.userId, kind: "email_restored", country: input.country, now },
    { onMailQueued: deps.onMailQueued },
  );
  return { ok: true, email: result.email };
}
