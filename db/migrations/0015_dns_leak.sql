CREATE TABLE "dns_leak_observations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"test_id" text NOT NULL,
	"probe" integer NOT NULL,
	"resolver" text NOT NULL,
	"transport" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dns_leak_observations_test_idx" ON "dns_leak_observations" USING btree ("test_id");--> statement-breakpoint
CREATE INDEX "dns_leak_observations_seen_idx" ON "dns_leak_observations" USING btree ("seen_at");