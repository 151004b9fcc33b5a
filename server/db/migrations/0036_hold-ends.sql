-- Issue 43: a hold's end belongs to its buyer and listing, not to the row held (switching between the
-- listing and a part of it never gives a fresh hold); holds that end by time are found at once (each
-- instance looks every second) and announced; a deleted listing is announced too.
ALTER TABLE "hold_allowances" ADD COLUMN "hold_ends_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tickets_hold_end_idx" ON "tickets" USING btree ("lock_expires_at") WHERE "current_viewer_id" IS NOT NULL;--> statement-breakpoint
-- A listing deleted (its seller's delete, a part going back into its listing): everybody while it was on
-- the market, and its seller (decision 0066).
CREATE FUNCTION "live_ticket_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		PERFORM live_notice('ticket', OLD.id, ARRAY[OLD.seller_id], NULL, CASE WHEN NOT OLD.sold THEN true END,
			OLD.event_id, NULL);
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE TRIGGER "tickets_live_deleted" AFTER DELETE ON "tickets"
	FOR EACH ROW EXECUTE FUNCTION "live_ticket_deleted"();
