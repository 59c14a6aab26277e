import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * The whole database schema in one place. drizzle-kit generates the SQL migrations
 * in db/migrations from this file (`npm run db:generate`); they are applied at start.
 */

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** Null for an account-number account (decision 042) until its owner adds an address. */
    email: text("email"),
    /**
     * HMAC-SHA-256 (ACCOUNT_NUMBER_SECRET) of the 16-digit account number of an account opened
     * without an e-mail address (decision 042); null for every other account, and once an address is added.
     */
    accountNumberHash: text("account_number_hash"),
    /** argon2id hash; null until the user sets a password (anonymous sign-up). */
    passwordHash: text("password_hash"),
    locale: text("locale").notNull().default("en"),
    /**
     * When the owner of the address first proved it (an e-mailed code): until then the account
     * may have been opened by anyone who typed the address (decision 020).
     */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** Who sent the visitor who signed up (universal/attribution/attribution.ts), for the operator's report. */
    attribution: jsonb("attribution").$type<Record<string, string>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set while staff have disabled the account (decision 058): no sign-in of any kind, no session,
     * no WireGuard key served; null again once re-enabled.
     */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${table.email})`),
    uniqueIndex("users_account_number_idx").on(table.accountNumberHash),
  ],
);

export const plans = pgTable("plans", {
  /** Stable public id, used in /pricing/checkout/{id}. */
  id: text("id").primaryKey(),
  months: integer("months").notNull(),
  deviceLimit: integer("device_limit").notNull(),
  /** How many IP addresses a subscriber of this plan may bind (SPEC §1; accounts without a plan: 1). */
  ipLimit: integer("ip_limit").notNull().default(1),
  sortOrder: integer("sort_order").notNull().default(0),
  isDefault: boolean("is_default").notNull().default(false),
  active: boolean("active").notNull().default(true),
});

/** Prices in minor units (cents, pence) per plan and currency. */
export const planPrices = pgTable(
  "plan_prices",
  {
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    currency: char("currency", { length: 3 }).notNull(),
    listAmount: integer("list_amount").notNull(),
    saleAmount: integer("sale_amount").notNull(),
    trialAmount: integer("trial_amount"),
  },
  (table) => [primaryKey({ columns: [table.planId, table.currency] })],
);

/** Small key/value facts about the database itself, such as when the demo seed ran. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * Sessions: only the SHA-256 of the token is stored. `expiresAt` slides with use (30 days);
 * `absoluteExpiresAt` never moves. A revoked session keeps its row, so its token answers
 * "ended elsewhere" (50012) rather than "unknown" (50008).
 */
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    appType: integer("app_type").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp("absolute_expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
    /** What the session list shows: browser and system names read from the user agent at sign-in (never the whole string). */
    browser: text("browser"),
    os: text("os"),
    /** ISO country of the address at sign-in (our own geo lookup); the address itself is not kept. */
    country: char("country", { length: 2 }),
  },
  (table) => [uniqueIndex("sessions_token_hash_idx").on(table.tokenHash), index("sessions_user_idx").on(table.userId)],
);

/**
 * The account's security log (core/auth/security-events.ts): sign-ins, failed sign-ins and changes
 * of password, e-mail and second factor. Kept 90 days; the country, never the address.
 */
export const securityEvents = pgTable(
  "security_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    appType: integer("app_type"),
    country: char("country", { length: 2 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("security_events_user_idx").on(table.userId, table.createdAt),
    index("security_events_created_idx").on(table.createdAt),
  ],
);

/**
 * Confirmed e-mail changes, each undoable from the old address for 72 hours by a link whose
 * token is stored hashed (core/auth/email-change.ts).
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    oldEmail: text("old_email").notNull(),
    newEmail: text("new_email").notNull(),
    undoTokenHash: text("undo_token_hash").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
    undoUntil: timestamp("undo_until", { withTimezone: true }).notNull(),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("email_changes_undo_token_idx").on(table.undoTokenHash),
    index("email_changes_user_idx").on(table.userId),
  ],
);

/**
 * E-mailed 6-digit codes, one mechanism for reset, set-password and sign-in. Only a hash of
 * the code is kept; a code dies after its lifetime, its first use, or too many wrong tries.
 * A successful check hands out a short-lived ticket (also stored hashed).
 */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    ticketHash: text("ticket_hash"),
    ticketExpiresAt: timestamp("ticket_expires_at", { withTimezone: true }),
  },
  (table) => [index("verification_codes_email_idx").on(table.email, table.purpose)],
);

/**
 * Failed password logins per e-mail address (known or not), for the growing delay of
 * core/security/rate-limits.ts; a successful login or a reset forgets them.
 */
export const loginFailures = pgTable("login_failures", {
  email: text("email").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
});

/** Fixed-window counters shared by every app process (core/security/rate-limits.ts declares the limits). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/** Devices bound to an account by the native apps; the plan's device limit caps them. */
export const devices = pgTable(
  "devices",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    appType: integer("app_type").notNull(),
    deviceId: text("device_id").notNull(),
    deviceName: text("device_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("devices_user_app_device_idx").on(table.userId, table.appType, table.deviceId)],
);

/** The IP addresses an account has bound, up to its plan's `ip_limit` (core/net/bound-ip.ts). */
export const boundIps = pgTable(
  "bound_ips",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ip: text("ip").notNull(),
    boundAt: timestamp("bound_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.ip] })],
);
/**
 * Keys of the manual WireGuard setup (decision 044): only the public key the browser generated, and
 * the tunnel addresses the site assigned it (index `address_index` in the operator's ranges). Each
 * row takes a place of the plan's device limit. Inserting or deleting a row writes a change for the
 * operator's servers (the trigger of migration 0017), whatever deletes it (revoke, account deletion).
 */
export const wireguardPeers = pgTable(
  "wireguard_peers",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    publicKey: text("public_key").notNull(),
    name: text("name").notNull(),
    addressIndex: integer("address_index").notNull(),
    ipv4: text("ipv4").notNull(),
    ipv6: text("ipv6").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("wireguard_peers_public_key_idx").on(table.publicKey),
    uniqueIndex("wireguard_peers_address_idx").on(table.addressIndex),
    index("wireguard_peers_user_idx").on(table.userId),
  ],
);

/**
 * The operator's change feed: one row per peer added or removed, written by a trigger on
 * wireguard_peers under a table lock so ids are committed in order (a cursor never skips one).
 * Not linked to an account; kept WIREGUARD_CHANGES_DAYS, after which a server resynchronises.
 */
export const wireguardPeerChanges = pgTable("wireguard_peer_changes", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  kind: text("kind").notNull(),
  publicKey: text("public_key").notNull(),
  ipv4: text("ipv4").notNull(),
  ipv6: text("ipv6").notNull(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every e-mail, stored before it is sent; a job sends (SMTP) or leaves it for the local outbox page. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    /** Where replies go (a contact-us report's sender). */
    replyTo: text("reply_to"),
    /** What the outbox keeps once the message left by SMTP (a code mail without its code). */
    redactedText: text("redacted_text"),
    redactedHtml: text("redacted_html"),
  },
  (table) => [index("mail_outbox_pending_idx").on(table.sentAt, table.nextAttemptAt)],
);

/** Used captcha solutions, so each proof of work counts once. */
export const captchaReplays = pgTable("captcha_replays", {
  signature: text("signature").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** The product or price id of a plan at each payment provider (for providers that need one). */
export const planProviderProducts = pgTable(
  "plan_provider_products",
  {
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    productId: text("product_id").notNull(),
  },
  (table) => [primaryKey({ columns: [table.planId, table.provider] })],
);

/** One purchase attempt: what was bought, through whom, for how much, and where it stands. */
export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    /**
     * The buyer; null once the account is deleted: the order stays, unlinked, for the bookkeeping
     * the law requires (core/privacy/personal-data.ts, decision 041).
     */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id),
    provider: text("provider").notNull(),
    processor: text("processor").notNull(),
    /** The payment mode that took it (live, test, sandbox): only events of the same one apply. */
    environment: text("environment").notNull().default("sandbox"),
    currency: char("currency", { length: 3 }).notNull(),
    amount: integer("amount").notNull(),
    status: text("status").notNull().default("pending"),
    /** The processor's own id for the purchase (Stripe Checkout Session, Paddle transaction). */
    providerReference: text("provider_reference"),
    /** The processor's page where the buyer pays (answered again by purchase_result). */
    checkoutUrl: text("checkout_url"),
    /** What the checkout said of itself (language, app type, site origin): never the IP address. */
    clientInfo: text("client_info").notNull().default("{}"),
    /** The country of the buyer's address at purchase (our own geo lookup), for tax; the address is not kept. */
    country: char("country", { length: 2 }),
    /** Who sent the buyer (universal/attribution/attribution.ts): what affiliates are paid from. */
    attribution: jsonb("attribution").$type<Record<string, string>>(),
    /** The coupon the buyer redeemed (decision 034); `amount` is already the discounted price. */
    couponCode: text("coupon_code"),
    /** What the coupon took off the plan's price, in minor units (0 without a coupon). */
    discountAmount: integer("discount_amount").notNull().default(0),
    /** The promotion whose sale priced the order (its sale price or its automatic coupon), decision 057. */
    promotionId: text("promotion_id"),
    /**
     * The processor's fingerprint of the card (or other means) that paid, when its event carries one:
     * compared, never shown, so an inviter cannot reward themselves with a second account (decision 047).
     */
    paymentFingerprint: text("payment_fingerprint"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("orders_user_idx").on(table.userId)],
);

/** A subscription and its state (pending, active, past_due, canceled, expired). */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id),
    orderId: text("order_id").references(() => orders.id),
    provider: text("provider").notNull(),
    processor: text("processor").notNull(),
    providerSubscriptionId: text("provider_subscription_id").notNull(),
    status: text("status").notNull(),
    autoRenew: boolean("auto_renew").notNull().default(true),
    startedAt: timestamp("started_at", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    /** Time of the newest provider event applied, so an older event never overrides a newer one. */
    lastEventAt: timestamp("last_event_at", { withTimezone: true }),
    /**
     * What a renewal charges after a plan switch (decision 037), in the order's currency and minor
     * units; null while the subscription is on the plan and price it was bought with.
     */
    planAmount: integer("plan_amount"),
    /** A switch the processor confirmed for the next renewal: the plan it moves to then, and its price. */
    scheduledPlanId: text("scheduled_plan_id").references(() => plans.id),
    scheduledPlanAmount: integer("scheduled_plan_amount"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("subscriptions_processor_ref_idx").on(table.processor, table.providerSubscriptionId)],
);

/** Every webhook event, stored before it is processed; the provider's event id is unique. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: serial("id").primaryKey(),
    processor: text("processor").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    payload: text("payload").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    error: text("error"),
    /** Why a verified event was not applied (another environment, a different amount): kept for review. */
    rejectedReason: text("rejected_reason"),
  },
  (table) => [uniqueIndex("webhook_events_processor_event_idx").on(table.processor, table.eventId)],
);

/** The sandbox processor's own records: its payments and the webhooks it still has to deliver. */
export const sandboxPayments = pgTable("sandbox_payments", {
  id: text("id").primaryKey(),
  orderId: text("order_id")
    .notNull()
    .references(() => orders.id),
  status: text("status").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxDeliveries = pgTable(
  "sandbox_deliveries",
  {
    id: serial("id").primaryKey(),
    eventId: text("event_id").notNull(),
    orderId: text("order_id"),
    body: text("body").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (table) => [index("sandbox_deliveries_order_idx").on(table.orderId)],
);

/**
 * Contact-us reports. Stored before anything is mailed, so a report survives a mail outage; the
 * e-mail to support is a mail_outbox row written in the same transaction.
 */
export const contactReports = pgTable(
  "contact_reports",
  {
    id: serial("id").primaryKey(),
    /** Shown to the visitor and quoted in replies: "VP-" and 8 characters. */
    reference: text("reference").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    topic: text("topic").notNull(),
    message: text("message").notNull(),
    orderId: text("order_id"),
    locale: text("locale").notNull(),
    mailId: integer("mail_id").references(() => mailOutbox.id),
    /** The support inbox's state (decision 053): new, answered or closed. */
    status: text("status").notNull().default("new"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("contact_reports_reference_idx").on(table.reference),
    index("contact_reports_created_idx").on(table.createdAt),
  ],
);

/** Support's replies to a contact report from the console (decision 053), each mailed through the outbox. */
export const contactReportReplies = pgTable(
  "contact_report_replies",
  {
    id: serial("id").primaryKey(),
    reportId: integer("report_id")
      .notNull()
      .references(() => contactReports.id, { onDelete: "cascade" }),
    /** The staff member who wrote it; cleared when that account is deleted. */
    staffUserId: integer("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    mailId: integer("mail_id").references(() => mailOutbox.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("contact_report_replies_report_idx").on(table.reportId)],
);

/**
 * First-party analytics events, append-only. Indexed by day: reports read day ranges and the
 * retention task deletes whole old days. No IP address is stored, only the country it maps to,
 * and no account: events are never linked to a user (decision 041).
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The UTC day the event happened (from its timestamp, clamped to the receiving day ±1). */
    day: date("day", { mode: "string" }).notNull(),
    eventName: text("event_name").notNull(),
    eventAt: timestamp("event_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    frontId: text("front_id"),
    language: text("language"),
    device: text("device"),
    countryCode: char("country_code", { length: 2 }),
    appName: text("app_name"),
    appType: text("app_type"),
    params: jsonb("params").$type<Record<string, string | number | boolean>>().notNull(),
    userProperties: jsonb("user_properties").$type<Record<string, string | number | boolean>>(),
    appInfo: jsonb("app_info").$type<Record<string, string>>(),
    attribution: jsonb("attribution").$type<Record<string, string>>(),
  },
  (table) => [index("analytics_events_day_name_idx").on(table.day, table.eventName)],
);

/**
 * Settings the site reads at run time and the operator edits through the operator API: the
 * promotion config (key "promotions"). One JSON document per key, checked by its zod schema.
 */
export const remoteConfig = pgTable("remote_config", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Route rules (SPEC §7): a page path that redirects elsewhere, kept by the operator. */
export const routeRules = pgTable("route_rules", {
  /** A page path without language prefix, e.g. /black-friday. */
  path: text("path").primaryKey(),
  /** A site path (client navigation, language kept) or an absolute https URL (full navigation). */
  target: text("target").notNull(),
  permanent: boolean("permanent").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every change to the plans, prices and provider price ids, written in the transaction that
 * makes it: who (the operator API's caller name, or "cli"), what, and the rows before and after.
 */
export const catalogueChanges = pgTable(
  "catalogue_changes",
  {
    id: serial("id").primaryKey(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    planId: text("plan_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (table) => [index("catalogue_changes_plan_idx").on(table.planId, table.changedAt)],
);

/**
 * The operator's coupons (decision 034): a percentage or an amount in one currency off the plan's
 * price, for some plans or all, within a validity window, up to a number of redemptions, perhaps
 * for first purchases only. `redemptions` counts the reservations held by orders that are
 * pending or paid; it only moves by a conditional update, so the limit holds under concurrency.
 */
export const coupons = pgTable("coupons", {
  /** Upper case, as the buyer's input is normalised. */
  code: text("code").primaryKey(),
  kind: text("kind").notNull().$type<"percent" | "amount">(),
  percentOff: integer("percent_off"),
  /** Minor units of `currency`. */
  amountOff: integer("amount_off"),
  currency: char("currency", { length: 3 }),
  /** The plans it applies to; null = every plan. */
  planIds: jsonb("plan_ids").$type<string[]>(),
  startsAt: timestamp("starts_at", { withTimezone: true }),
  endsAt: timestamp("ends_at", { withTimezone: true }),
  /** null = no limit. */
  maxRedemptions: integer("max_redemptions"),
  redemptions: integer("redemptions").notNull().default(0),
  firstPurchaseOnly: boolean("first_purchase_only").notNull().default(false),
  createdBy: text("created_by").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One order's hold on a coupon: written with the order, removed when the order fails or is abandoned. */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: serial("id").primaryKey(),
    couponCode: text("coupon_code")
      .notNull()
      .references(() => coupons.code),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("coupon_redemptions_order_idx").on(table.orderId),
    index("coupon_redemptions_coupon_idx").on(table.couponCode, table.userId),
  ],
);

/**
 * The buyer's billing details, printed on their receipts: edited in the account, checked by
 * universal/validation/billing-rules.ts. One row per account; none until they first save.
 */
export const billingProfiles = pgTable("billing_profiles", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull().default(""),
  /** Free lines (street, postcode and city, country), as the buyer writes them. */
  address: text("address").notNull().default(""),
  vatId: text("vat_id").notNull().default(""),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The customer notices the scheduler sent (renewal ahead, plan ending, renewal failed): one row per
 * kind, subscription and paid period, so each notice goes out once however many processes run it.
 * Written in the same transaction as its mail in the outbox (decision 038).
 */
export const subscriptionNotices = pgTable(
  "subscription_notices",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    /** The end of the paid period the notice is about (the key that makes it once per period). */
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    mailId: integer("mail_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("subscription_notices_once_idx").on(table.kind, table.subscriptionId, table.periodEnd)],
);

/**
 * Two-factor sign-in (decision 039). An authenticator app's secret per account: `enabledAt` is
 * null while the owner has not yet confirmed it with a first code. `lastStep` is the 30-second
 * step of the last accepted code, so a code is accepted once (no replay inside its window).
 */
export const totpSecrets = pgTable("totp_secrets", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Base32; the server must read it back to check codes, so it cannot be hashed. */
  secret: text("secret").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Passkeys and security keys (WebAuthn credentials); the public key and signature counter. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** base64url credential id, as the browser reports it. */
    credentialId: text("credential_id").notNull(),
    /** base64url COSE public key. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    /** The owner's label, editable; at registration the browser and system it was added on. Null for older rows. */
    name: text("name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("passkeys_credential_idx").on(table.credentialId),
    index("passkeys_user_idx").on(table.userId),
  ],
);

/** Single-use recovery codes: SHA-256 of each code; a used one keeps its row with `usedAt`. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("recovery_codes_user_idx").on(table.userId)],
);

/**
 * Short-lived tokens between the steps of a sign-in (stored as SHA-256): `second_factor` (the
 * password or e-mailed code was right, the second factor is still owed) and the WebAuthn
 * challenges of registering a passkey or signing in with one. Each is used once.
 */
export const authChallenges = pgTable(
  "auth_challenges",
  {
    tokenHash: text("token_hash").primaryKey(),
    kind: text("kind").$type<"second_factor" | "passkey_register" | "passkey_sign_in">().notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The WebAuthn challenge the browser must sign (passkey kinds only). */
    challenge: text("challenge"),
    /** How the first factor was proved (second_factor only): password or code. */
    method: text("method"),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("auth_challenges_expires_idx").on(table.expiresAt)],
);

/** When a session last proved its owner again (password or e-mailed code), for changes to 2FA. */
export const sessionReauthentications = pgTable("session_reauthentications", {
  sessionId: integer("session_id")
    .primaryKey()
    .references(() => sessions.id, { onDelete: "cascade" }),
  at: timestamp("at", { withTimezone: true }).notNull(),
});

/**
 * The DNS leak test's observations (decision 043): which resolver address asked this app's DNS
 * server for a probe name of which test. Never linked to an account or to the visitor's own
 * address; read back for 10 minutes, then deleted by the minute's sweep. Shared by all processes.
 */
export const dnsLeakObservations = pgTable(
  "dns_leak_observations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The test's public id (random, with its MAC): whoever started the test holds it. */
    testId: text("test_id").notNull(),
    /** Which of the test's probe names. */
    probe: integer("probe").notNull(),
    /** The resolver's address as the DNS server saw it. */
    resolver: text("resolver").notNull(),
    /** "udp" or "tcp". */
    transport: text("transport").notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("dns_leak_observations_test_idx").on(table.testId),
    index("dns_leak_observations_seen_idx").on(table.seenAt),
  ],
);

/**
 * The operator's batches of prepaid voucher codes (decision 046): each code grants `period_months`
 * and `period_days` of VIP time on `plan_id` (its device limit), until `expires_at` (null = never).
 * `reseller` names who sells the batch, for the operator's report.
 */
export const voucherBatches = pgTable("voucher_batches", {
  id: serial("id").primaryKey(),
  planId: text("plan_id")
    .notNull()
    .references(() => plans.id),
  periodMonths: integer("period_months").notNull().default(0),
  periodDays: integer("period_days").notNull().default(0),
  count: integer("count").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  reseller: text("reseller").notNull(),
  createdBy: text("created_by").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One voucher code: only its SHA-256 is stored (the plaintext is answered once, at creation). Its
 * redemption is the audit record: who, when, from which country (not the address, decision 041), and
 * the subscription row it granted. `redeemed_at` moves only by a conditional update, so a code
 * redeems once however many try at the same time.
 */
export const voucherCodes = pgTable(
  "voucher_codes",
  {
    id: serial("id").primaryKey(),
    batchId: integer("batch_id")
      .notNull()
      .references(() => voucherBatches.id),
    codeHash: text("code_hash").notNull(),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    /** Null before the redemption, and after the redeemer deleted the account (the code stays used). */
    redeemedBy: integer("redeemed_by").references(() => users.id, { onDelete: "set null" }),
    redeemedCountry: char("redeemed_country", { length: 2 }),
  },
  (table) => [
    uniqueIndex("voucher_codes_hash_idx").on(table.codeHash),
    index("voucher_codes_batch_idx").on(table.batchId),
    index("voucher_codes_redeemer_idx").on(table.redeemedBy),
  ],
);

/**
 * A paying customer's invite code (decision 047): random, stable, never the account id. Goes with
 * the account.
 */
export const inviteCodes = pgTable(
  "invite_codes",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("invite_codes_code_idx").on(table.code)],
);

/**
 * Free time earned by an invite (decision 047): one row per beneficiary (the inviter and the friend)
 * of a friend's first paid order. `pending` until `due_at` (the refund window or the operator's
 * delay), then `granted` with the subscription row that carries the time; `cancelled` when the
 * order was refunded before, `revoked` after (the time taken back); `refused` when the inviter's
 * yearly cap was reached. A self-invite records nothing.
 */
export const inviteRewards = pgTable(
  "invite_rewards",
  {
    id: serial("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    /** Who gets the time; null once that account is deleted. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** `inviter` or `friend`. */
    role: text("role").notNull(),
    /** The inviter, on both rows: their cap and their account's list count these. */
    inviterId: integer("inviter_id").references(() => users.id, { onDelete: "set null" }),
    periodMonths: integer("period_months").notNull().default(0),
    periodDays: integer("period_days").notNull().default(0),
    status: text("status").notNull(),
    /** Why a `refused` row earns nothing: self, not_first_purchase, unknown_code, off, or cap (the inviter's row). */
    refusal: text("refusal"),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    subscriptionId: integer("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("invite_rewards_order_role_idx").on(table.orderId, table.role),
    index("invite_rewards_user_idx").on(table.userId),
    index("invite_rewards_inviter_idx").on(table.inviterId, table.createdAt),
    index("invite_rewards_due_idx").on(table.status, table.dueAt),
  ],
);

/**
 * Staff of the operator console (decision 051): an account with a role. The first owner is made
 * with the operator token (`npm run staff -- owner <email>`); owners invite the others.
 */
export const staffMembers = pgTable("staff_members", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** owner, support, marketing or finance (core/staff/roles.ts). */
  role: text("role").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An owner's invitation to the console, sent by e-mail: only the SHA-256 of its link's token is
 * kept; it is accepted once, within 7 days, by the signed-in account with the invited address.
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("staff_invitations_token_idx").on(table.tokenHash)],
);

/**
 * Every staff action, and every action of the bearer OPERATOR_TOKEN on staff ("token"): who, what,
 * on what, and the record before and after (decision 051). Rows are never changed; a deleted
 * account's rows stay with the actor's id cleared.
 */
export const staffAudit = pgTable(
  "staff_audit",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** "staff" (actor_user_id says who) or "token" (the operator token). */
    actorKind: text("actor_kind").notNull(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    target: text("target").notNull(),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("staff_audit_at_idx").on(table.at),
    index("staff_audit_actor_idx").on(table.actorUserId, table.at),
    index("staff_audit_action_idx").on(table.action, table.at),
  ],
);
