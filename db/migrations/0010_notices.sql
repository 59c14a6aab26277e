CREATE TABLE "subscription_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subscription_id" integer NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"mail_id" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_notices" ADD CONSTRAINT "subscription_notices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_notices_once_idx" ON "subscription_notices" USING btree ("kind","subscription_id","period_end");