CREATE TABLE "wireguard_peer_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"public_key" text NOT NULL,
	"ipv4" text NOT NULL,
	"ipv6" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wireguard_peers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"public_key" text NOT NULL,
	"name" text NOT NULL,
	"address_index" integer NOT NULL,
	"ipv4" text NOT NULL,
	"ipv6" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wireguard_peers" ADD CONSTRAINT "wireguard_peers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wireguard_peers_public_key_idx" ON "wireguard_peers" USING btree ("public_key");--> statement-breakpoint
CREATE UNIQUE INDEX "wireguard_peers_address_idx" ON "wireguard_peers" USING btree ("address_index");--> statement-breakpoint
CREATE INDEX "wireguard_peers_user_idx" ON "wireguard_peers" USING btree ("user_id");--> statement-breakpoint
-- Every added or removed peer becomes a change for the operator's servers (decision 044), whichever
-- statement does it (a revoke, an account's deletion, a cascade). The lock is held to the commit, so
-- change ids are committed in their order and a reader's cursor never passes an uncommitted one.
CREATE FUNCTION "wireguard_peer_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "wireguard_peer_changes" IN EXCLUSIVE MODE;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "wireguard_peer_changes" ("kind", "public_key", "ipv4", "ipv6") VALUES ('add', NEW."public_key", NEW."ipv4", NEW."ipv6");
    RETURN NEW;
  END IF;
  INSERT INTO "wireguard_peer_changes" ("kind", "public_key", "ipv4", "ipv6") VALUES ('remove', OLD."public_key", OLD."ipv4", OLD."ipv6");
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "wireguard_peers_changes" AFTER INSERT OR DELETE ON "wireguard_peers" FOR EACH ROW EXECUTE FUNCTION "wireguard_peer_change"();
