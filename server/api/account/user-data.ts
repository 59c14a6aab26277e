import type { Account } from "../../../core/auth/accounts";
import { vipForUser } from "../../../core/billing/orders";
import type { Database } from "../../../db/client";

/** The user as the API shows it (userSchema in contract.ts): login, profile and password answers. */
export async function userData(db: Database, account: Account) {
  return {
    user_id: account.id,
    email: account.email,
    has_account_number: account.accountNumberHash !== null,
    is_password_set: account.passwordHash !== null,
    is_email_verified: account.emailVerifiedAt !== null,
    vip: await vipForUser(db, account.id),
  };
}
