CREATE TABLE "contact_report_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"staff_user_id" integer,
	"message" text NOT NULL,
	"mail_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_reports" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_report_replies" ADD CONSTRAINT "contact_report_replies_report_id_contact_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."contact_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_report_replies" ADD CONSTRAINT "contact_report_replies_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_report_replies" ADD CONSTRAINT "contact_report_replies_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_report_replies_report_idx" ON "contact_report_replies" USING btree ("report_id");