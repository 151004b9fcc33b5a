-- Issue 24, decision 0045: automatic-purchase bids, and the checkout sessions that carry a bid's off-session purchase.
CREATE TABLE "bids" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"event_id" integer,
	"event_name" text NOT NULL,
	"venue" text,
	"event_date" date NOT NULL,
	"max_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"section" text,
	"priority" integer DEFAULT 0 NOT NULL,
	"min_seller_rating" double precision,
	"stripe_payment_method_id" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"matched" boolean DEFAULT false NOT NULL,
	"matched_ticket_id" integer,
	"matched_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_reason" text,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bids_quantity_range" CHECK ("bids"."quantity" between 1 and 8),
	CONSTRAINT "bids_max_price_positive" CHECK ("bids"."max_price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_stripe_payment_method_id_saved_cards_id_fk" FOREIGN KEY ("stripe_payment_method_id") REFERENCES "public"."saved_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_matched_ticket_id_tickets_id_fk" FOREIGN KEY ("matched_ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bids_user_idx" ON "bids" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bids_match_event_idx" ON "bids" USING btree ("event_id","quantity","priority" DESC,"created_at","id") WHERE "bids"."is_active" and "bids"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "bids_match_name_idx" ON "bids" USING btree (lower("event_name"),"event_date","quantity","priority" DESC,"created_at","id") WHERE "bids"."is_active" and "bids"."event_id" is null;--> statement-breakpoint
CREATE INDEX "bids_active_expiry_idx" ON "bids" USING btree ("expires_at") WHERE "bids"."is_active";--> statement-breakpoint
CREATE INDEX "bids_active_card_idx" ON "bids" USING btree ("stripe_payment_method_id") WHERE "bids"."is_active";--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "kind" text DEFAULT 'hosted' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "bid_id" integer;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_bid_in_flight_idx" ON "checkout_sessions" USING btree ("bid_id") WHERE "checkout_sessions"."bid_id" is not null and "checkout_sessions"."outcome" is null and "checkout_sessions"."status" in ('open', 'paid');--> statement-breakpoint
CREATE INDEX "checkout_sessions_off_session_open_idx" ON "checkout_sessions" USING btree ("created_at") WHERE "checkout_sessions"."kind" = 'off_session' and "checkout_sessions"."outcome" is null and "checkout_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "checkout_sessions_payment_reference_idx" ON "checkout_sessions" USING btree ("payment_reference") WHERE "checkout_sessions"."kind" = 'off_session';
