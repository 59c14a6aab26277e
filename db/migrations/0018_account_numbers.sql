ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "passkeys" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_number_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_account_number_idx" ON "users" USING btree ("account_number_hash");