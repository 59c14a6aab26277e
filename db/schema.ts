import { sql } from "drizzle-orm";
import { boolean, char, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The whole database schema in one place. drizzle-kit generates the SQL migrations
 * in db/migrations from this file (`npm run db:generate`); they are applied at start.
 */

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    /** argon2id hash; null until the user sets a password (anonymous sign-up). */
    passwordHash: text("password_hash"),
    locale: text("locale").notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${table.email})`)],
);

export const plans = pgTable("plans", {
  /** Stable public id, used in /pricing/checkout/{id}. */
  id: text("id").primaryKey(),
  months: integer("months").notNull(),
  deviceLimit: integer("device_limit").notNull(),
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
