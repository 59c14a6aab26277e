import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client";
import { staffAudit, staffInvitations, staffMembers, users } from "../../db/schema";
import type { AuditEntry, StaffMember } from "../../universal/staff/console-records";
import { STAFF_ROLES, type StaffRole } from "../../universal/staff/roles";
import { secondFactors } from "../auth/two-factor/two-factor";
import { queueMail } from "../email/outbox";
import { staffInvitationMail } from "../email/staff-mail";
import { newToken, sha256 } from "../security/tokens";

export type { AuditEntry, StaffMember };

/**
 * The operator console's staff (decision 051): accounts with a role, invited by an owner, every
 * change written to `staff_audit` in the transaction that makes it. Who acts is an `Actor`: a
 * staff member (by account id) or the bearer OPERATOR_TOKEN ("token").
 */

export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export type Actor = { kind: "staff"; userId: number } | { kind: "token" };

export const staffRoleSchema = z.enum(STAFF_ROLES);
export const inviteSchema = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  role: staffRoleSchema,
});

/** Writes one audit row; call it inside the transaction of the change it records. */
export async function recordAudit(
  db: Database,
  entry: {
    actor: Actor;
    action: string;
    target: string;
    before?: Record<string, unknown> | null;
    after?: Record<string, unknown> | null;
    now?: Date;
  },
): Promise<void> {
  await db.insert(staffAudit).values({
    actorKind: entry.actor.kind,
    actorUserId: entry.actor.kind === "staff" ? entry.actor.userId : null,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
    at: entry.now ?? new Date(),
  });
}

/** The account's role in the console, or null for anyone who is not staff. */
export async function staffRoleOf(db: Database, userId: number): Promise<StaffRole | null> {
  const [row] = await db.select({ role: staffMembers.role }).from(staffMembers).where(eq(staffMembers.userId, userId));
  return row ? (row.role as StaffRole) : null;
}

/** What the console needs about the signed-in account: its role and whether a second factor is on. */
export async function staffStanding(db: Database, userId: number) {
  const role = await staffRoleOf(db, userId);
  if (!role) return null;
  return { role, twoFactor: (await secondFactors(db, userId)).length > 0 };
}

export async function listStaff(db: Database): Promise<StaffMember[]> {
  const rows = await db
    .select({ userId: staffMembers.userId, email: users.email, role: staffMembers.role, since: staffMembers.createdAt })
    .from(staffMembers)
    .innerJoin(users, eq(users.id, staffMembers.userId))
    .orderBy(staffMembers.createdAt, staffMembers.userId);
  return Promise.all(
    rows.map(async (row) => ({
      user_id: row.userId,
      email: row.email,
      role: row.role as StaffRole,
      two_factor: (await secondFactors(db, row.userId)).length > 0,
      since: row.since.toISOString(),
    })),
  );
}

/**
 * The bearer token makes an existing account an owner (the first one, or another after a loss):
 * null when no account has the address.
 */
export async function makeOwner(
  db: Database,
  email: string,
  actor: Actor,
  now = new Date(),
): Promise<{ userId: number; before: StaffRole | null } | null> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    if (!account) return null;
    const before = await staffRoleOf(tx, account.id);
    await tx
      .insert(staffMembers)
      .values({ userId: account.id, role: "owner", createdAt: now })
      .onConflictDoUpdate({ target: staffMembers.userId, set: { role: "owner" } });
    await recordAudit(tx, {
      actor,
      action: "staff.owner",
      target: `user:${account.id}`,
      before: before ? { role: before } : null,
      after: { role: "owner", email: email.toLowerCase() },
      now,
    });
    return { userId: account.id, before };
  });
}

/**
 * An owner invites an address to a role: the invitation (its token only hashed) and its mail are
 * stored together with the audit row; the mail's link carries the token.
 */
export async function inviteStaff(
  db: Database,
  input: { email: string; role: StaffRole; locale: string; acceptUrl: (token: string) => string },
  actor: Actor,
  now = new Date(),
): Promise<{ id: number; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        email: input.email,
        role: input.role,
        tokenHash: sha256(token),
        invitedBy: actor.kind === "staff" ? actor.userId : null,
        createdAt: now,
        expiresAt,
      })
      .returning({ id: staffInvitations.id });
    const id = row?.id ?? 0;
    await queueMail(tx, {
      to: input.email,
      ...staffInvitationMail({
        locale: input.locale,
        role: input.role,
        acceptUrl: input.acceptUrl(token),
        expiresAt,
      }),
    });
    await recordAudit(tx, {
      actor,
      action: "staff.invite",
      target: `invitation:${id}`,
      after: { email: input.email, role: input.role },
      now,
    });
    return { id, expiresAt };
  });
}

export type AcceptResult =
  | { ok: true; role: StaffRole }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "other_address" };

/**
 * The signed-in account takes an invitation: only with the invited address, once, before it
 * expires. An account that is staff already gets the invitation's role.
 */
export async function acceptInvitation(
  db: Database,
  input: { token: string; userId: number },
  now = new Date(),
): Promise<AcceptResult> {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(staffInvitations)
      .where(
        and(
          eq(staffInvitations.tokenHash, sha256(input.token)),
          isNull(staffInvitations.acceptedAt),
          gt(staffInvitations.expiresAt, now),
        ),
      );
    if (!invitation) return { ok: false, reason: "invalid" } as const;
    const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
    if (!account?.email || account.email.toLowerCase() !== invitation.email.toLowerCase()) {
      return { ok: false, reason: "other_address" } as const;
    }
    // Taken by a conditional update: two tabs accepting at once make one member.
    const [taken] = await tx
      .update(staffInvitations)
      .set({ acceptedAt: now })
      .where(and(eq(staffInvitations.id, invitation.id), isNull(staffInvitations.acceptedAt)))
      .returning({ id: staffInvitations.id });
    if (!taken) return { ok: false, reason: "invalid" } as const;
    const role = invitation.role as StaffRole;
    const before = await staffRoleOf(tx, input.userId);
    await tx
      .insert(staffMembers)
      .values({ userId: input.userId, role, createdAt: now })
      .onConflictDoUpdate({ target: staffMembers.userId, set: { role } });
    await recordAudit(tx, {
      actor: { kind: "staff", userId: input.userId },
      action: "staff.accept",
      target: `user:${input.userId}`,
      before: before ? { role: before } : null,
      after: { role, invitation: invitation.id },
      now,
    });
    return { ok: true, role } as const;
  });
}

export type StaffChange = { ok: true } | { ok: false; reason: "not_found" | "last_owner" };

/** Locks the owners' rows so two owners demoting each other at once cannot leave none. */
async function ownersLeftWithout(tx: Database, userId: number): Promise<number> {
  const owners = await tx
    .select({ userId: staffMembers.userId })
    .from(staffMembers)
    .where(eq(staffMembers.role, "owner"))
    .for("update");
  return owners.filter((owner) => owner.userId !== userId).length;
}

export async function changeStaffRole(
  db: Database,
  input: { userId: number; role: StaffRole },
  actor: Actor,
  now = new Date(),
): Promise<StaffChange> {
  return db.transaction(async (tx) => {
    const [member] = await tx.select().from(staffMembers).where(eq(staffMembers.userId, input.userId)).for("update");
    if (!member) return { ok: false, reason: "not_found" } as const;
    if (member.role === input.role) return { ok: true } as const;
    if (member.role === "owner" && (await ownersLeftWithout(tx, input.userId)) === 0) {
      return { ok: false, reason: "last_owner" } as const;
    }
    await tx.update(staffMembers).set({ role: input.role }).where(eq(staffMembers.userId, input.userId));
    await recordAudit(tx, {
      actor,
      action: "staff.role",
      target: `user:${input.userId}`,
      before: { role: member.role },
      after: { role: input.role },
      now,
    });
    return { ok: true } as const;
  });
}

export async function removeStaff(db: Database, userId: number, actor: Actor, now = new Date()): Promise<StaffChange> {
  return db.transaction(async (tx) => {
    const [member] = await tx.select().from(staffMembers).where(eq(staffMembers.userId, userId)).for("update");
    if (!member) return { ok: false, reason: "not_found" } as const;
    if (member.role === "owner" && (await ownersLeftWithout(tx, userId)) === 0) {
      return { ok: false, reason: "last_owner" } as const;
    }
    await tx.delete(staffMembers).where(eq(staffMembers.userId, userId));
    await recordAudit(tx, {
      actor,
      action: "staff.remove",
      target: `user:${userId}`,
      before: { role: member.role },
      after: null,
      now,
    });
    return { ok: true } as const;
  });
}

export const auditFilterSchema = z.object({
  /** "token", or a staff member's account id. */
  actor: z
    .string()
    .regex(/^(token|\d{1,10})$/)
    .optional(),
  action: z
    .string()
    .regex(/^[a-z]+(\.[a-z_]+)*$/)
    .max(64)
    .optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** The audit log, newest first, filtered by who (an account id or "token") and by action; `before` pages on. */
export async function listAudit(db: Database, filter: AuditFilter): Promise<AuditEntry[]> {
  const conditions = [
    filter.actor === "token"
      ? eq(staffAudit.actorKind, "token")
      : filter.actor
        ? eq(staffAudit.actorUserId, Number(filter.actor))
        : undefined,
    filter.action ? eq(staffAudit.action, filter.action) : undefined,
    filter.before ? lt(staffAudit.id, filter.before) : undefined,
  ].filter((condition) => condition !== undefined);
  const rows = await db
    .select({
      id: staffAudit.id,
      at: staffAudit.at,
      actorKind: staffAudit.actorKind,
      actorUserId: staffAudit.actorUserId,
      actorEmail: users.email,
      action: staffAudit.action,
      target: staffAudit.target,
      before: staffAudit.before,
      after: staffAudit.after,
    })
    .from(staffAudit)
    .leftJoin(users, eq(users.id, staffAudit.actorUserId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(staffAudit.id))
    .limit(filter.limit);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorKind === "token" ? "token" : (row.actorEmail ?? `user:${row.actorUserId ?? "deleted"}`),
    actor_user_id: row.actorUserId,
    action: row.action,
    target: row.target,
    before: row.before ?? null,
    after: row.after ?? null,
  }));
}
