-- Decision 0060: price alerts. A member asks to be told when N tickets for a catalog event are listed at or
-- below a price per ticket, all-in; matching reads price_alerts_match_idx, the quota and the badge the
-- member's partial indexes.
CREATE TABLE "price_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"event_id" integer NOT NULL REFERENCES "events"("id") ON DELETE cascade,
	"quantity" integer NOT NULL,
	"max_price_cents" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"ended_reason" text,
	"matched_ticket_id" integer REFERENCES "tickets"("id") ON DELETE set null,
	"matched_at" timestamp with time zone,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "price_alerts_quantity_range" CHECK ("quantity" between 1 and 8),
	CONSTRAINT "price_alerts_max_price_range" CHECK ("max_price_cents" between 1 and 10000000),
	CONSTRAINT "price_alerts_status_valid" CHECK ("status" in ('active', 'matched', 'ended', 'removed'))
);--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "price_alerts_match_idx" ON "price_alerts" USING btree ("event_id","quantity","max_price_cents") WHERE "status" = 'active';--> statement-breakpoint
CREATE INDEX "price_alerts_user_active_idx" ON "price_alerts" USING btree ("user_id") WHERE "status" = 'active';--> statement-breakpoint
CREATE INDEX "price_alerts_user_unseen_idx" ON "price_alerts" USING btree ("user_id") WHERE "status" = 'matched' and "seen_at" is null;
