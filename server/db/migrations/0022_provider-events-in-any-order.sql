-- Issue 32, decision 0050: provider events in any order. Every event is recorded before it is acted on;
-- refunds made at the provider outside Encore are booked per payment (what of it the ledger holds as
-- refunded there), and a partial one goes to support as a dispute of its own source.
CREATE TABLE "provider_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"object_id" text,
	"received_at" timestamp with time zone NOT NULL,
	"handled_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "provider_events_received_idx" ON "provider_events" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "provider_refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A session fulfilled by a provider webhook is found by its payment when the provider reports a refund.
CREATE INDEX "checkout_sessions_payment_idx" ON "checkout_sessions" USING btree ("payment_reference") WHERE "payment_reference" is not null;
