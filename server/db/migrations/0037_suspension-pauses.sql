-- Issue 43 item 6, decision 0077: what a member's suspension paused (their listings, bids and price alerts),
-- so that reinstating them restores exactly those, and only while each is still valid.
CREATE TABLE "suspension_pauses" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"paused_at" timestamp with time zone NOT NULL,
	CONSTRAINT "suspension_pauses_kind_target_pk" PRIMARY KEY("kind","target_id"),
	CONSTRAINT "suspension_pauses_kind_valid" CHECK ("kind" in ('listing', 'bid', 'alert'))
);--> statement-breakpoint
ALTER TABLE "suspension_pauses" ADD CONSTRAINT "suspension_pauses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suspension_pauses_user_idx" ON "suspension_pauses" USING btree ("user_id");--> statement-breakpoint
-- Issue 43 item 12, decision 0078: a member whose role changed has their open live streams cut on every
-- instance, so no stream goes on hearing the notices of a role the member no longer has; the browser
-- reconnects at once and its new stream carries the new role.
CREATE FUNCTION "live_role_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		PERFORM live_notice('role-changed', NEW.id, ARRAY[NEW.id], NULL, NULL, NULL, NULL);
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE TRIGGER "users_role_live" AFTER UPDATE OF "role" ON "users"
	FOR EACH ROW WHEN (OLD."role" IS DISTINCT FROM NEW."role") EXECUTE FUNCTION "live_role_changed"();
