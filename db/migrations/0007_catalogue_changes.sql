CREATE TABLE "catalogue_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"plan_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "catalogue_changes_plan_idx" ON "catalogue_changes" USING btree ("plan_id","changed_at");