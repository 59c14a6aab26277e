CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"event_name" text NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"front_id" text,
	"user_id" integer,
	"language" text,
	"device" text,
	"country_code" char(2),
	"app_name" text,
	"app_type" text,
	"params" jsonb NOT NULL,
	"user_properties" jsonb,
	"app_info" jsonb,
	"attribution" jsonb
);
--> statement-breakpoint
CREATE TABLE "remote_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "route_rules" (
	"path" text PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"permanent" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
CREATE INDEX "analytics_events_day_name_idx" ON "analytics_events" USING btree ("day","event_name");