-- Issue 32 §4, decision 0054: a bid's priority is no longer the client's number but the bidder's real rating,
-- read when a listing is matched; the column goes, and the candidate indexes keep event, quantity and age.
DROP INDEX "bids_match_event_idx";--> statement-breakpoint
DROP INDEX "bids_match_name_idx";--> statement-breakpoint
ALTER TABLE "bids" DROP COLUMN "priority";--> statement-breakpoint
CREATE INDEX "bids_match_event_idx" ON "bids" USING btree ("event_id","quantity","created_at","id") WHERE "bids"."is_active" and "bids"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "bids_match_name_idx" ON "bids" USING btree (lower("event_name"),"event_date","quantity","created_at","id") WHERE "bids"."is_active" and "bids"."event_id" is null;
