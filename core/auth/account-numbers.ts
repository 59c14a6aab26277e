import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { Database } from "../../db/client";
import { ACCOUNT_NUMBER_DIGITS, parseAccountNumber } from "../../universal/account/account-number";
import { type Account, createNumberAccount, findAccountByNumberHash } from "./accounts";

/**
 * Account numbers (decision 042): a 16-digit number is the whole credential of an account opened
 * without an e-mail address. Made by the CSPRNG, stored only as HMAC-SHA-256 under the operator's
 * ACCOUNT_NUMBER_SECRET: 53 bits are too few against a leaked table hashed without a key (every
 * number can be hashed in days), and with one the table alone tells nothing.
 */

/** 16 uniformly random decimal digits (node:crypto randomInt, no modulo bias). */
export function generateAccountNumber(random: (max: number) => number = randomInt): string {
  let digits = "";
  for (let i = 0; i < ACCOUNT_NUMBER_DIGITS; i++) digits += String(random(10));
  return digits;
}

/** The stored form of a number: lookups compare this, the number itself is never stored. */
export function accountNumberHash(secret: string, digits: string): string {
  return createHmac("sha256", secret).update(`account-number:${digits}`).digest("hex");
}

export interface AccountNumberDeps {
  db: Database;
  secret: string;
}

/**
 * A new account with a fresh number; the number is answered once and never again. A clash of
 * numbers (1 in 10^16 per pair) draws another.
 */
export async function openNumberAccount(
  deps: AccountNumberDeps,
  input: { locale: string; attribution?: Record<string, string> | null; random?: (max: number) => number },
): Promise<{ account: Account; number: string }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const number = generateAccountNumber(input.random);
    const account = await createNumberAccount(
      deps.db,
      accountNumberHash(deps.secret, number),
      input.locale,
      input.attribution ?? null,
    );
    if (account) return { account, number };
  }
  throw new Error("no free account number after five draws");
}

/** The account of a number (already parsed to 16 digits), or undefined. */
export async function accountOfNumber(deps: AccountNumberDeps, digits: string): Promise<Account | undefined> {
  return findAccountByNumberHash(deps.db, accountNumberHash(deps.secret, digits));
}

/** Whether what was typed is this account's own number (a confirmation before deleting it). */
export function isAccountsNumber(secret: string, account: Pick<Account, "accountNumberHash">, typed: string): boolean {
  const digits = parseAccountNumber(typed);
  if (digits === null || account.accountNumberHash === null) return false;
  const expected = Buffer.from(account.accountNumberHash, "hex");
  const given = Buffer.from(accountNumberHash(secret, digits), "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}
