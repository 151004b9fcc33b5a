-- Decision 0023: a counter that moves whenever a statement changes listings, so that every instance can
-- share a marketplace page until the listings change. Statement-level with transition tables: a bulk write
-- moves it once, and a statement that changes no row (an expiry sweep finding nothing) leaves it alone.
CREATE SEQUENCE "listing_changes";--> statement-breakpoint
CREATE FUNCTION "listing_changes_on_tickets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM changed_rows) THEN
		PERFORM nextval('listing_changes');
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "listing_changes_tickets_insert" AFTER INSERT ON "tickets"
	REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "listing_changes_on_tickets"();--> statement-breakpoint
CREATE TRIGGER "listing_changes_tickets_update" AFTER UPDATE ON "tickets"
	REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "listing_changes_on_tickets"();--> statement-breakpoint
CREATE TRIGGER "listing_changes_tickets_delete" AFTER DELETE ON "tickets"
	REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "listing_changes_on_tickets"();
