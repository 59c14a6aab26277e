ALTER TABLE "orders" ADD COLUMN "environment" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "sandbox_deliveries" ADD COLUMN "order_id" text;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "rejected_reason" text;--> statement-breakpoint
CREATE INDEX "sandbox_deliveries_order_idx" ON "sandbox_deliveries" USING btree ("order_id");--> statement-breakpoint
-- Orders from before payment modes: the sandbox's stay sandbox; a real processor's are taken as live.
UPDATE "orders" SET "environment" = 'live' WHERE "processor" <> 'sandbox';
