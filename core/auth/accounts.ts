import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";
import { hashPassword, verifyPassword } from "./hash-password";

export interface Account {
  id: number;
  /** Null for an account opened with an account number until an address is added (decision 042). */
  email: string | null;
  /** Set only for an account-number account (decision 042). */
  accountNumberHash: string | null;
  passwordHash: string | null;
  locale: string;
  /** Set once the owner proved the address with an e-mailed code (decision 020). */
  emailVerifiedAt: Date | null;
  createdAt: Date;
  /** Set while staff have disabled the account (decision 058): every sign-in is refused. */
  disabledAt?: Date | null;
}

export async function findAccountByEmail(db: Database, email: string): Promise<Account | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findAccountById(db: Database, id: number): Promise<Account | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

// Verified against when the e-mail has no account (or no password), so a wrong e-mail costs
// the same argon2 time as a wrong password and the answer cannot tell them apart.
let dummyHash: Promise<string> | undefined;
const timingDummy = () => {
  dummyHash ??= hashPassword("timing-equaliser-not-a-password");
  return dummyHash;
};

/** The account for an e-mail and password, or null; the same work is done either way. */
export async function authenticate(db: Database, email: string, password: string): Promise<Account | null> {
  const account = await findAccountByEmail(db, email);
  const hash = account?.passwordHash ?? (await timingDummy());
  const ok = await verifyPassword(hash, password);
  return ok && account?.passwordHash ? account : null;
}

/** A passwordless account (anonymous sign-up at checkout); null when the e-mail is taken. */
export async function createPasswordlessAccount(
  db: Database,
  email: string,
  locale: string,
  attribution: Record<string, string> | null = null,
): Promise<Account | null> {
  const [row] = await db
    .insert(users)
    .values({ email: email.toLowerCase(), locale, attribution })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** An account without an e-mail address, signed in to with the number whose HMAC is `numberHash` (decision 042). */
export async function createNumberAccount(
  db: Database,
  numberHash: string,
  locale: string,
  attribution: Record<string, string> | null = null,
): Promise<Account | null> {
  const [row] = await db
    .insert(users)
    .values({ email: null, accountNumberHash: numberHash, locale, attribution })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function findAccountByNumberHash(db: Database, numberHash: string): Promise<Account | undefined> {
  const [row] = await db.select().from(users).where(eq(users.accountNumberHash, numberHash));
  return row;
}

export async function updatePassword(db: Database, userId: number, password: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, userId));
}
