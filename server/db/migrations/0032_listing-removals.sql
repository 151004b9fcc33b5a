-- Issue 36, decision 0069: the ids of deleted listings (a seller's withdrawn listing, a split part merged
-- back), kept for an hour, so every instance's in-memory listing index drops them on its next read of
-- changes now that it no longer loads anew every ten minutes (as event_search_removals, migration 0021).
CREATE TABLE "listing_removals" (
	"ticket_id" integer NOT NULL,
	"removed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);--> statement-breakpoint
CREATE INDEX "listing_removals_removed_at_idx" ON "listing_removals" USING btree ("removed_at");--> statement-breakpoint
CREATE FUNCTION "listing_changes_on_ticket_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM changed_rows) THEN
		DELETE FROM "listing_removals" WHERE "removed_at" < clock_timestamp() - interval '1 hour';
		INSERT INTO "listing_removals" ("ticket_id") SELECT "id" FROM changed_rows;
		PERFORM nextval('listing_changes');
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "listing_changes_tickets_delete" ON "tickets";--> statement-breakpoint
CREATE TRIGGER "listing_changes_tickets_delete" AFTER DELETE ON "tickets"
	REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "listing_changes_on_ticket_delete"();
