import { eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  analyticsEvents,
  appMeta,
  authChallenges,
  billingProfiles,
  boundIps,
  captchaReplays,
  catalogueChanges,
  contactReportReplies,
  contactReports,
  couponRedemptions,
  coupons,
  devices,
  dnsLeakObservations,
  emailChanges,
  inviteCodes,
  inviteRewards,
  loginFailures,
  mailOutbox,
  orders,
  passkeys,
  planPrices,
  planProviderProducts,
  plans,
  rateLimits,
  recoveryCodes,
  remoteConfig,
  routeRules,
  sandboxDeliveries,
  sandboxPayments,
  securityEvents,
  sessionReauthentications,
  sessions,
  staffAudit,
  staffInvitations,
  staffMembers,
  subscriptionNotices,
  subscriptions,
  totpSecrets,
  users,
  verificationCodes,
  voucherBatches,
  voucherCodes,
  webhookEvents,
  wireguardPeerChanges,
  wireguardPeers,
} from "../../db/schema";

/**
 * Every table of db/schema.ts that holds personal data, in one list: the account's export, the
 * account's deletion and the privacy policy's "what we store and for how long" all follow it
 * (decision 041). Deletion goes through the list from its end, so rows that point at others go
 * first and the account's own row last. A new table is one entry here; personal-data.test.ts fails while a table of the
 * schema is in neither this list nor NOT_PERSONAL_DATA, or while a column of a listed table is
 * not named, and privacy-policy.test.ts fails while a policy does not name exactly these columns.
 */

/** How long a kind of row is kept; the privacy policy says the same per table (its `retention.*` words). */
export type Retention =
  /** As long as the account exists (or until the customer removes the row themselves). */
  | "account"
  /** 10 years after the purchase, for the bookkeeping and tax records the law requires. */
  | "accounting"
  /** Until the next successful sign-in or password reset of the address. */
  | "untilSignIn"
  /** The rate limit's window (at most a day), then deleted within a day. */
  | "rateWindow"
  /** ANALYTICS_RETENTION_DAYS (395 by default). */
  | "analytics"
  /** Until the sender asks for their deletion, or deletes the account of the same address. */
  | "untilAsked"
  /** The security log's 90 days (SECURITY_LOG_DAYS), then deleted by the hourly sweep. */
  | "securityLog"
  /** A step of a sign-in: five minutes, then deleted within the hour (or by the next sign-in). */
  | "signInStep"
  /** A DNS leak test's observations: 10 minutes, then deleted by the minute's sweep (decision 043). */
  | "dnsLeakTest"
  /** The VPN servers' change feed: WIREGUARD_CHANGES_DAYS (30 by default), then deleted (decision 044). */
  | "peerFeed";

/** Whose rows: the account's id and its address, lower-cased. */
export interface DataSubject {
  id: number;
  /** Null for an account-number account (decision 042): no row is found by address. */
  email: string | null;
}

export interface PersonalDataTable {
  table: PgTable;
  /** The export's key and the policy's name: the SQL table name. */
  name: string;
  /** The rows of one account; null for rows never linked to an account (analytics). */
  rowsOf: ((subject: DataSubject) => SQL | undefined) | null;
  /** Every column holding data about the person (SQL names); the others are listed in `technical`. */
  columns: readonly string[];
  /** Surrogate keys and plumbing with nothing about the person. */
  technical: readonly string[];
  /** Secrets left out of the export (hashes of passwords, tokens and codes). */
  notExported?: readonly string[];
  /** Deletion: the rows go, or stay with these columns (schema keys) set to these values. */
  erase: "delete" | { keep: Record<string, unknown> };
  retention: Retention;
}

/** Rows keyed by the subject's address; none for an account without one (decision 042). */
const sameAddress = (column: AnyPgColumn, email: string | null) =>
  email === null ? sql`false` : sql`lower(${column}) = ${email.toLowerCase()}`;

export const PERSONAL_DATA: readonly PersonalDataTable[] = [
  {
    table: users,
    name: "users",
    rowsOf: (subject) => eq(users.id, subject.id),
    columns: [
      "email",
      "account_number_hash",
      "password_hash",
      "locale",
      "email_verified_at",
      "attribution",
      "created_at",
      "disabled_at",
    ],
    technical: ["id"],
    // The number's HMAC signs in like a password: the owner has the number itself.
    notExported: ["password_hash", "account_number_hash"],
    erase: "delete",
    retention: "account",
  },
  {
    table: sessions,
    name: "sessions",
    rowsOf: (subject) => eq(sessions.userId, subject.id),
    columns: [
      "user_id",
      "token_hash",
      "app_type",
      "created_at",
      "last_seen_at",
      "expires_at",
      "absolute_expires_at",
      "revoked_at",
      "revoked_reason",
      "browser",
      "os",
      "country",
    ],
    technical: ["id"],
    notExported: ["token_hash"],
    erase: "delete",
    retention: "account",
  },
  {
    table: sessionReauthentications,
    name: "session_reauthentications",
    // Found through the account's sessions; listed after them so deletion takes these first.
    rowsOf: (subject) =>
      inArray(
        sessionReauthentications.sessionId,
        sql`(select ${sessions.id} from ${sessions} where ${sessions.userId} = ${subject.id})`,
      ),
    columns: ["session_id", "at"],
    technical: [],
    erase: "delete",
    retention: "account",
  },
  {
    table: securityEvents,
    name: "security_events",
    rowsOf: (subject) => eq(securityEvents.userId, subject.id),
    columns: ["user_id", "kind", "app_type", "country", "created_at"],
    technical: ["id"],
    erase: "delete",
    retention: "securityLog",
  },
  {
    table: emailChanges,
    name: "email_changes",
    rowsOf: (subject) => eq(emailChanges.userId, subject.id),
    columns: ["user_id", "old_email", "new_email", "undo_token_hash", "changed_at", "undo_until", "undone_at"],
    technical: ["id"],
    // The undo link's token: whoever holds it may take the old address back within 72 hours.
    notExported: ["undo_token_hash"],
    erase: "delete",
    retention: "account",
  },
  {
    table: totpSecrets,
    name: "totp_secrets",
    rowsOf: (subject) => eq(totpSecrets.userId, subject.id),
    columns: ["user_id", "secret", "enabled_at", "last_step", "created_at"],
    technical: [],
    // The authenticator's shared secret makes valid codes: an export file must not be a second
    // factor. The row itself (created, enabled) still shows the account has an authenticator.
    notExported: ["secret"],
    erase: "delete",
    retention: "account",
  },
  {
    table: passkeys,
    name: "passkeys",
    rowsOf: (subject) => eq(passkeys.userId, subject.id),
    // Exported whole: a public key and a credential id cannot sign anything (the private key
    // never leaves the authenticator), and they let the owner tell their passkeys apart.
    columns: ["user_id", "credential_id", "public_key", "counter", "transports", "name", "created_at", "last_used_at"],
    technical: ["id"],
    erase: "delete",
    retention: "account",
  },
  {
    table: recoveryCodes,
    name: "recovery_codes",
    rowsOf: (subject) => eq(recoveryCodes.userId, subject.id),
    columns: ["user_id", "code_hash", "used_at", "created_at"],
    technical: ["id"],
    // A hash of a short code could be guessed back offline: only how many there are and when used.
    notExported: ["code_hash"],
    erase: "delete",
    retention: "account",
  },
  {
    table: authChallenges,
    name: "auth_challenges",
    // Passkey sign-ins start before the account is known (no user id): those rows are no one's.
    rowsOf: (subject) => eq(authChallenges.userId, subject.id),
    columns: ["user_id", "token_hash", "kind", "challenge", "method", "failed_attempts", "expires_at"],
    technical: [],
    // The token finishes a sign-in in progress and the challenge is what a passkey must sign:
    // both are live credentials for five minutes.
    notExported: ["token_hash", "challenge"],
    erase: "delete",
    retention: "signInStep",
  },
  {
    table: devices,
    name: "devices",
    rowsOf: (subject) => eq(devices.userId, subject.id),
    columns: ["user_id", "app_type", "device_id", "device_name", "created_at", "last_seen_at"],
    technical: ["id"],
    erase: "delete",
    retention: "account",
  },
  {
    table: boundIps,
    name: "bound_ips",
    rowsOf: (subject) => eq(boundIps.userId, subject.id),
    columns: ["user_id", "ip", "bound_at"],
    technical: [],
    erase: "delete",
    retention: "account",
  },
  {
    table: wireguardPeers,
    name: "wireguard_peers",
    rowsOf: (subject) => eq(wireguardPeers.userId, subject.id),
    columns: ["user_id", "public_key", "name", "ipv4", "ipv6", "created_at"],
    technical: ["id", "address_index"],
    erase: "delete",
    retention: "account",
  },
  {
    table: wireguardPeerChanges,
    name: "wireguard_peer_changes",
    // What the VPN servers read (decision 044): never linked to an account, so nothing to export or
    // delete per account; deleting a key adds its removal here, and the feed's retention deletes both.
    rowsOf: null,
    columns: ["public_key", "ipv4", "ipv6", "at"],
    technical: ["id", "kind"],
    erase: "delete",
    retention: "peerFeed",
  },
  {
    table: orders,
    name: "orders",
    rowsOf: (subject) => eq(orders.userId, subject.id),
    columns: [
      "user_id",
      "plan_id",
      "provider",
      "processor",
      "environment",
      "currency",
      "amount",
      "status",
      "provider_reference",
      "checkout_url",
      "client_info",
      "country",
      "attribution",
      "coupon_code",
      "discount_amount",
      "payment_fingerprint",
      "created_at",
      "updated_at",
    ],
    // promotion_id names the operator's promotion that priced the order (decision 057), not the buyer.
    technical: ["id", "promotion_id"],
    // What the books need stays (what was sold, when, for how much, in which country, the
    // processor's reference); the link to the person and what only served the checkout go.
    erase: { keep: { userId: null, checkoutUrl: null, clientInfo: "{}", attribution: null, paymentFingerprint: null } },
    retention: "accounting",
  },
  {
    table: subscriptions,
    name: "subscriptions",
    rowsOf: (subject) => eq(subscriptions.userId, subject.id),
    columns: [
      "user_id",
      "plan_id",
      "order_id",
      "provider",
      "processor",
      "provider_subscription_id",
      "status",
      "auto_renew",
      "started_at",
      "current_period_end",
      "last_event_at",
      "plan_amount",
      "scheduled_plan_id",
      "scheduled_plan_amount",
      "updated_at",
    ],
    technical: ["id"],
    erase: "delete",
    retention: "account",
  },
  {
    table: subscriptionNotices,
    name: "subscription_notices",
    // Found through the account's subscriptions; listed after them so deletion takes these first.
    rowsOf: (subject) =>
      inArray(
        subscriptionNotices.subscriptionId,
        sql`(select ${subscriptions.id} from ${subscriptions} where ${subscriptions.userId} = ${subject.id})`,
      ),
    columns: ["subscription_id", "kind", "period_end", "sent_at"],
    technical: ["id", "mail_id"],
    erase: "delete",
    retention: "account",
  },
  {
    table: couponRedemptions,
    name: "coupon_redemptions",
    rowsOf: (subject) => eq(couponRedemptions.userId, subject.id),
    columns: ["coupon_code", "order_id", "user_id", "created_at"],
    technical: ["id"],
    erase: "delete",
    retention: "account",
  },
  {
    table: voucherCodes,
    name: "voucher_codes",
    // The codes the account redeemed (decision 046): the redemption is the code's audit record.
    rowsOf: (subject) => eq(voucherCodes.redeemedBy, subject.id),
    columns: ["code_hash", "redeemed_by", "redeemed_at", "redeemed_country"],
    technical: ["id", "batch_id"],
    // The hash would let a reader test guesses of the code offline: never exported.
    notExported: ["code_hash"],
    // The code stays used (a reseller sold it, and it must not redeem again); only the link to the person goes.
    erase: { keep: { redeemedBy: null, redeemedCountry: null } },
    retention: "accounting",
  },
  {
    table: inviteCodes,
    name: "invite_codes",
    // The account's invite code (decision 047).
    rowsOf: (subject) => eq(inviteCodes.userId, subject.id),
    columns: ["user_id", "code", "created_at"],
    technical: [],
    erase: "delete",
    retention: "account",
  },
  {
    table: inviteRewards,
    name: "invite_rewards",
    // The account's own rewards, as inviter or as friend (decision 047); the other side's row stays theirs.
    rowsOf: (subject) => eq(inviteRewards.userId, subject.id),
    columns: [
      "order_id",
      "user_id",
      "role",
      "inviter_id",
      "period_months",
      "period_days",
      "status",
      "refusal",
      "due_at",
      "granted_at",
      "ended_at",
      "subscription_id",
      "created_at",
    ],
    technical: ["id"],
    erase: "delete",
    retention: "account",
  },
  {
    table: staffMembers,
    name: "staff_members",
    // The account's role in the operator console (decision 051).
    rowsOf: (subject) => eq(staffMembers.userId, subject.id),
    columns: ["user_id", "role", "created_at"],
    technical: [],
    erase: "delete",
    retention: "account",
  },
  {
    table: staffInvitations,
    name: "staff_invitations",
    // Invitations to the address; `invited_by` is the owner who sent one (cleared when that account goes).
    rowsOf: (subject) => sameAddress(staffInvitations.email, subject.email),
    columns: ["email", "role", "token_hash", "invited_by", "created_at", "expires_at", "accepted_at"],
    technical: ["id"],
    // The hash of the link's token: never exported.
    notExported: ["token_hash"],
    erase: "delete",
    retention: "account",
  },
  {
    table: staffAudit,
    name: "staff_audit",
    // What the account did as staff. The log is the operator's record of who changed what: the entries
    // stay when the account is deleted, without the link to it.
    rowsOf: (subject) => eq(staffAudit.actorUserId, subject.id),
    columns: ["actor_kind", "actor_user_id", "action", "target", "before", "after", "at"],
    technical: ["id"],
    erase: { keep: { actorUserId: null } },
    retention: "account",
  },
  {
    table: billingProfiles,
    name: "billing_profiles",
    rowsOf: (subject) => eq(billingProfiles.userId, subject.id),
    columns: ["user_id", "name", "address", "vat_id", "updated_at"],
    technical: [],
    erase: "delete",
    retention: "account",
  },
  {
    table: mailOutbox,
    name: "mail_outbox",
    // Mails to the address, and the support copies of its contact reports (replies go to it).
    rowsOf: (subject) => or(sameAddress(mailOutbox.to, subject.email), sameAddress(mailOutbox.replyTo, subject.email)),
    columns: ["to", "subject", "text", "html", "created_at", "sent_at", "reply_to", "redacted_text", "redacted_html"],
    technical: ["id", "attempts", "next_attempt_at", "last_error"],
    // The same words as `text`, in HTML; and a code not yet sent is a secret.
    notExported: ["html", "redacted_html"],
    erase: "delete",
    retention: "account",
  },
  {
    table: contactReports,
    name: "contact_reports",
    rowsOf: (subject) => sameAddress(contactReports.email, subject.email),
    columns: ["reference", "name", "email", "topic", "message", "order_id", "locale", "created_at"],
    technical: ["id", "mail_id", "status"],
    erase: "delete",
    retention: "untilAsked",
  },
  {
    // Support's replies to those reports (decision 053): they go with the report.
    table: contactReportReplies,
    name: "contact_report_replies",
    rowsOf: (subject) =>
      inArray(
        contactReportReplies.reportId,
        sql`(select ${contactReports.id} from ${contactReports} where ${sameAddress(contactReports.email, subject.email)})`,
      ),
    columns: ["message", "created_at"],
    technical: ["id", "report_id", "staff_user_id", "mail_id"],
    erase: "delete",
    retention: "untilAsked",
  },
  {
    table: verificationCodes,
    name: "verification_codes",
    rowsOf: (subject) => sameAddress(verificationCodes.email, subject.email),
    columns: [
      "email",
      "purpose",
      "code_hash",
      "created_at",
      "expires_at",
      "failed_attempts",
      "consumed_at",
      "ticket_hash",
      "ticket_expires_at",
    ],
    technical: ["id"],
    notExported: ["code_hash", "ticket_hash"],
    erase: "delete",
    retention: "account",
  },
  {
    table: loginFailures,
    name: "login_failures",
    rowsOf: (subject) => sameAddress(loginFailures.email, subject.email),
    columns: ["email", "failures", "last_failure_at"],
    technical: [],
    erase: "delete",
    retention: "untilSignIn",
  },
  {
    table: rateLimits,
    name: "rate_limits",
    // Keys are `<limit>:<subject>`: an address, an account id or an IP address (rate-limits.ts).
    rowsOf: (subject) =>
      or(
        subject.email === null ? sql`false` : sql`${rateLimits.key} like ${`%:${subject.email.toLowerCase()}`}`,
        sql`${rateLimits.key} = ${`passwordChangePerAccount:${subject.id}`}`,
        sql`${rateLimits.key} = ${`accountDeletionPerAccount:${subject.id}`}`,
      ),
    columns: ["key", "window_start", "count"],
    technical: [],
    erase: "delete",
    retention: "rateWindow",
  },
  {
    table: analyticsEvents,
    name: "analytics_events",
    // Never linked to an account (decision 041): nothing to export or delete per account.
    rowsOf: null,
    columns: [
      "day",
      "event_name",
      "event_at",
      "received_at",
      "front_id",
      "language",
      "device",
      "country_code",
      "app_name",
      "app_type",
      "params",
      "user_properties",
      "app_info",
      "attribution",
    ],
    technical: ["id"],
    erase: "delete",
    retention: "analytics",
  },
  {
    table: dnsLeakObservations,
    name: "dns_leak_observations",
    // The resolvers a test's names reached, never linked to an account or to the visitor's address
    // (decision 043): nothing to export or delete per account.
    rowsOf: null,
    columns: ["test_id", "probe", "resolver", "transport", "seen_at"],
    technical: ["id"],
    erase: "delete",
    retention: "dnsLeakTest",
  },
];

/** Tables with nothing about a person, and why: every table of the schema is in one of the two lists. */
export const NOT_PERSONAL_DATA: ReadonlyArray<{ table: PgTable; why: string }> = [
  { table: plans, why: "the catalogue" },
  { table: planPrices, why: "the catalogue" },
  { table: planProviderProducts, why: "the catalogue's ids at the processors" },
  { table: appMeta, why: "facts about the database" },
  { table: captchaReplays, why: "signatures of used proofs of work, no address" },
  { table: webhookEvents, why: "our own reading of a processor event: order id, subscription id, type, times" },
  { table: sandboxPayments, why: "the built-in test processor's payments: order ids and states" },
  { table: sandboxDeliveries, why: "the built-in test processor's webhook bodies: order ids and states" },
  { table: remoteConfig, why: "the operator's settings" },
  { table: routeRules, why: "the operator's redirects" },
  { table: catalogueChanges, why: "the operator's catalogue edits" },
  { table: coupons, why: "the operator's coupons" },
  { table: voucherBatches, why: "the operator's voucher batches (plan, period, reseller); codes are in voucher_codes" },
];

/** The personal-data columns as the privacy policy names them: `table.column`. */
export function personalDataColumns(): string[] {
  return PERSONAL_DATA.flatMap((entry) => entry.columns.map((column) => `${entry.name}.${column}`));
}
