import type { Database } from "../../db/client";
import type { Account } from "../auth/accounts";
import { verifyPassword } from "../auth/hash-password";
import { redeemCode } from "../auth/verification";
import { subscriptionsOfUser } from "../billing/orders";
import type { PaymentProcessor } from "../billing/providers/payment-provider";
import type { SubscriptionRow } from "../billing/renewal-change";
import { processorOfSubscription } from "../billing/renewal-change";
import { queueMail } from "../email/outbox";
import type { MailContent } from "../email/templates";
import { PERSONAL_DATA } from "./personal-data";

/** How the owner proves it is them, once more: the password, or a code e-mailed for `delete_account`. */
export type Reauthentication = { password: string } | { code: string };

/** Checks the proof; a password against an account without one is wrong, as change-password does. */
export async function reauthenticate(
  db: Database,
  account: Account,
  proof: Reauthentication,
): Promise<"ok" | "wrong_password" | "wrong_code"> {
  if ("password" in proof) {
    const right = account.passwordHash !== null && (await verifyPassword(account.passwordHash, proof.password));
    return right ? "ok" : "wrong_password";
  }
  if (account.email === null) return "wrong_code";
  const check = await redeemCode(db, { email: account.email, purpose: "delete_account", code: proof.code });
  return check.ok ? "ok" : "wrong_code";
}

/** A subscription that would still charge the customer: its renewal must be off at the processor first. */
export function stillRenews(subscription: Pick<SubscriptionRow, "status" | "autoRenew">): boolean {
  return subscription.autoRenew && subscription.status !== "expired" && subscription.status !== "canceled";
}

export interface DeleteAccountDeps {
  db: Database;
  processorFor: (name: string) => PaymentProcessor | null;
  /** The last mail to the address, in the account's language. */
  farewellMail: (account: Account & { email: string }) => MailContent;
  onMailQueued?: () => void;
}

export type DeleteAccountResult =
  | { ok: true; renewalsCancelled: number }
  | { ok: false; reason: "processor_unavailable" | "processor_refused"; error?: unknown };

/**
 * Deletes an account (after reauthenticate). Every subscription that would renew is cancelled at
 * its processor first: while one cannot be (the processor refuses or is out of reach), nothing is
 * erased, since a card would otherwise be charged for an account that no longer exists. Then, in
 * one transaction, the personal-data list from its end: rows deleted, orders kept without the link
 * to the person (decision 041), every session gone with its row, and the farewell mail queued.
 */
export async function deleteAccount(deps: DeleteAccountDeps, account: Account): Promise<DeleteAccountResult> {
  const renewing = (await subscriptionsOfUser(deps.db, account.id)).filter(stillRenews);
  for (const subscription of renewing) {
    const processor = await processorOfSubscription(deps, subscription);
    if (!processor) return { ok: false, reason: "processor_unavailable" };
    try {
      const { renewalOff } = await processor.cancelSubscription(subscription.providerSubscriptionId);
      if (!renewalOff) return { ok: false, reason: "processor_refused" };
    } catch (error) {
      return { ok: false, reason: "processor_refused", error };
    }
  }
  const subject = { id: account.id, email: account.email };
  await deps.db.transaction(async (tx) => {
    for (const entry of [...PERSONAL_DATA].reverse()) {
      const where = entry.rowsOf?.(subject);
      if (!where) continue;
      if (entry.erase === "delete") await tx.delete(entry.table).where(where);
      else await tx.update(entry.table).set(entry.erase.keep).where(where);
    }
    // An account-number account has no address to say goodbye to (decision 042).
    if (account.email !== null) {
      await queueMail(tx as unknown as Database, {
        to: account.email,
        ...deps.farewellMail({ ...account, email: account.email }),
      });
    }
  });
  deps.onMailQueued?.();
  return { ok: true, renewalsCancelled: renewing.length };
}
