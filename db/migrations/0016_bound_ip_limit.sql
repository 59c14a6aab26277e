-- Several bound addresses per account (decision 045): the key becomes (user_id, ip); the one
-- address each account had stays bound. PostgreSQL named the column-level key bound_ips_pkey.
ALTER TABLE "bound_ips" DROP CONSTRAINT "bound_ips_pkey";--> statement-breakpoint
ALTER TABLE "bound_ips" ADD CONSTRAINT "bound_ips_user_id_ip_pk" PRIMARY KEY("user_id","ip");--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "ip_limit" integer DEFAULT 1 NOT NULL;
