CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"ticket_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"ticket_version" integer NOT NULL,
	"event_name" text NOT NULL,
	"event_date" date NOT NULL,
	"quantity" integer NOT NULL,
	"per_ticket_cents" integer NOT NULL,
	"markup" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"processing_fee_cents" integer NOT NULL,
	"platform_fee_cents" integer NOT NULL,
	"seller_proceeds_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"awaiting_authentication" boolean DEFAULT false NOT NULL,
	"outcome" text,
	"payment_reference" text,
	"refund_reference" text,
	"url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"checkout_session_id" text NOT NULL,
	"order_id" integer,
	"journal" text NOT NULL,
	"account" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"memo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_nonzero" CHECK ("ledger_entries"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"checkout_session_id" text NOT NULL,
	"ticket_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"ticket_version" integer NOT NULL,
	"quantity" integer NOT NULL,
	"per_ticket_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"processing_fee_cents" integer NOT NULL,
	"platform_fee_cents" integer NOT NULL,
	"seller_proceeds_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'in_escrow' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "hold_extensions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "buyer_pays_per_ticket_cents" integer GENERATED ALWAYS AS (((2 * ((listing_price_cents::bigint * quantity) + ((listing_price_cents::bigint * quantity * 390 + 10000) / 20000)) + quantity) / (2 * quantity))::integer) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_checkout_session_id_checkout_sessions_id_fk" FOREIGN KEY ("checkout_session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_checkout_session_id_checkout_sessions_id_fk" FOREIGN KEY ("checkout_session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_sessions_ticket_idx" ON "checkout_sessions" USING btree ("ticket_id","buyer_id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_buyer_idx" ON "checkout_sessions" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "checkout_sessions_refund_pending_idx" ON "checkout_sessions" USING btree ("created_at") WHERE "checkout_sessions"."outcome" = 'refund_pending';--> statement-breakpoint
CREATE INDEX "ledger_entries_session_idx" ON "ledger_entries" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_journal_row_idx" ON "ledger_entries" USING btree ("checkout_session_id","journal","account","memo");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_checkout_session_idx" ON "orders" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_ticket_idx" ON "orders" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "orders_seller_idx" ON "orders" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "tickets_market_date_idx" ON "tickets" USING btree ("event_date","id");--> statement-breakpoint
CREATE INDEX "tickets_market_price_idx" ON "tickets" USING btree ("buyer_pays_per_ticket_cents","id");--> statement-breakpoint
CREATE INDEX "tickets_market_section_idx" ON "tickets" USING btree ("section","id");--> statement-breakpoint
CREATE INDEX "tickets_market_markup_idx" ON "tickets" USING btree ("markup","id");--> statement-breakpoint
CREATE INDEX "tickets_search_trgm_idx" ON "tickets" USING gin (lower("event_name" || ' ' || "description") gin_trgm_ops);