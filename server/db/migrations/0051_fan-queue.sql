-- Issue 46, decision 0100: the Fan Queue. One line per catalog show, ordered by the time of joining; offers
-- are holds in the member's name, recorded here for the hand-off and for My Bids.
CREATE TABLE "fan_queue_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"max_price_cents" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"position_key" timestamp with time zone NOT NULL,
	"lapses_in_row" integer DEFAULT 0 NOT NULL,
	"ended_reason" text,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fan_queue_entries_quantity_range" CHECK ("fan_queue_entries"."quantity" between 1 and 8),
	CONSTRAINT "fan_queue_entries_max_price_positive" CHECK ("fan_queue_entries"."max_price_cents" > 0)
);--> statement-breakpoint
CREATE TABLE "fan_queue_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "fan_queue_shows" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"waiting" integer DEFAULT 0 NOT NULL,
	"through_queue_tickets" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
ALTER TABLE "fan_queue_entries" ADD CONSTRAINT "fan_queue_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_queue_entries" ADD CONSTRAINT "fan_queue_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_queue_offers" ADD CONSTRAINT "fan_queue_offers_entry_id_fan_queue_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."fan_queue_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_queue_offers" ADD CONSTRAINT "fan_queue_offers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fan_queue_shows" ADD CONSTRAINT "fan_queue_shows_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fan_queue_entries_member_idx" ON "fan_queue_entries" USING btree ("event_id","user_id") WHERE "fan_queue_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "fan_queue_entries_line_idx" ON "fan_queue_entries" USING btree ("event_id","position_key","id") WHERE "fan_queue_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "fan_queue_entries_user_idx" ON "fan_queue_entries" USING btree ("user_id","joined_at","id");--> statement-breakpoint
CREATE INDEX "fan_queue_offers_entry_idx" ON "fan_queue_offers" USING btree ("entry_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "fan_queue_offers_open_ticket_idx" ON "fan_queue_offers" USING btree ("ticket_id") WHERE "fan_queue_offers"."status" = 'open';
--> statement-breakpoint
-- A show's line changed (an entry joined, changed, left, was offered tickets or ended): every open page of the
-- show reads its counters and its own place again (decision 0066's live notices, through the outbox of 0047).
-- Sent to everybody: the line's counters are public, and each page reads its own place itself.
CREATE FUNCTION "live_fan_queue_show"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF TG_OP = 'UPDATE' AND OLD.version = NEW.version THEN RETURN NULL; END IF;
		PERFORM live_notice('fan-queue', NEW.event_id, NULL, NULL, true, NEW.event_id, NULL);
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE TRIGGER "fan_queue_shows_live" AFTER INSERT OR UPDATE ON "fan_queue_shows"
	FOR EACH ROW EXECUTE FUNCTION "live_fan_queue_show"();
