-- Issue 46, decision 0100: "buy for me". A Fan Queue entry backed by a saved card is bought off-session when
-- an offer reaches it; a card (by the provider's fingerprint) backs at most one such entry per show.
ALTER TABLE "saved_cards" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "fan_queue_entries" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "fan_queue_entries" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
ALTER TABLE "fan_queue_entries" ADD CONSTRAINT "fan_queue_entries_card_together" CHECK (("fan_queue_entries"."payment_method_id" is null) = ("fan_queue_entries"."card_fingerprint" is null));--> statement-breakpoint
CREATE UNIQUE INDEX "fan_queue_entries_card_idx" ON "fan_queue_entries" USING btree ("event_id","card_fingerprint") WHERE "fan_queue_entries"."card_fingerprint" is not null and "fan_queue_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
ALTER TABLE "fan_queue_offers" ADD COLUMN "checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "fan_queue_offers" ADD CONSTRAINT "fan_queue_offers_checkout_session_id_checkout_sessions_id_fk" FOREIGN KEY ("checkout_session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fan_queue_offers_session_idx" ON "fan_queue_offers" USING btree ("checkout_session_id") WHERE "fan_queue_offers"."checkout_session_id" is not null;
