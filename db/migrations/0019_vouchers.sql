CREATE TABLE "voucher_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"period_months" integer DEFAULT 0 NOT NULL,
	"period_days" integer DEFAULT 0 NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"reseller" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" integer,
	"redeemed_country" char(2)
);
--> statement-breakpoint
ALTER TABLE "voucher_batches" ADD CONSTRAINT "voucher_batches_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_codes" ADD CONSTRAINT "voucher_codes_batch_id_voucher_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."voucher_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_codes" ADD CONSTRAINT "voucher_codes_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_codes_hash_idx" ON "voucher_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "voucher_codes_batch_idx" ON "voucher_codes" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "voucher_codes_redeemer_idx" ON "voucher_codes" USING btree ("redeemed_by");