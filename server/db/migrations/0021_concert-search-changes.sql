-- Issue 23, decision 0049: what every instance's in-memory concert search index needs to read only what
-- changed since it last looked. A change counter moved by every statement that writes search documents
-- (as listing_changes, migration 0007), each document's time of last change (existing rows start at
-- -infinity: a first load reads every document anyway), and the ids of removed documents (a cancelled or
-- deleted event), kept for an hour: an index older than ten minutes loads anew.
CREATE SEQUENCE "event_search_changes";--> statement-breakpoint
ALTER TABLE "event_search" ADD COLUMN "changed_at" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "event_search" ALTER COLUMN "changed_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
CREATE INDEX "event_search_changed_at_idx" ON "event_search" USING btree ("changed_at");--> statement-breakpoint
CREATE TABLE "event_search_removals" (
	"event_id" integer NOT NULL,
	"removed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);--> statement-breakpoint
CREATE INDEX "event_search_removals_removed_at_idx" ON "event_search_removals" USING btree ("removed_at");--> statement-breakpoint
CREATE FUNCTION "event_search_changed_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.changed_at := clock_timestamp();
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "event_search_changed_at" BEFORE UPDATE ON "event_search"
	FOR EACH ROW EXECUTE FUNCTION "event_search_changed_at"();--> statement-breakpoint
CREATE FUNCTION "event_search_changes_on_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM changed_rows) THEN
		PERFORM nextval('event_search_changes');
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "event_search_changes_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM changed_rows) THEN
		DELETE FROM "event_search_removals" WHERE "removed_at" < clock_timestamp() - interval '1 hour';
		INSERT INTO "event_search_removals" ("event_id") SELECT "event_id" FROM changed_rows;
		PERFORM nextval('event_search_changes');
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "event_search_changes_insert" AFTER INSERT ON "event_search"
	REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_search_changes_on_write"();--> statement-breakpoint
CREATE TRIGGER "event_search_changes_update" AFTER UPDATE ON "event_search"
	REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_search_changes_on_write"();--> statement-breakpoint
CREATE TRIGGER "event_search_changes_delete" AFTER DELETE ON "event_search"
	REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_search_changes_on_delete"();
