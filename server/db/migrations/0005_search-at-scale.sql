CREATE TABLE "event_search" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"artists" text NOT NULL,
	"venue" text NOT NULL,
	"city" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_search" ADD CONSTRAINT "event_search_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_search_date_idx" ON "event_search" USING btree ("date","event_id") INCLUDE ("name","artists","venue","city");--> statement-breakpoint
CREATE INDEX "event_search_name_trgm_idx" ON "event_search" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "event_search_artists_trgm_idx" ON "event_search" USING gin ("artists" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "event_search_place_trgm_idx" ON "event_search" USING gin (("venue" || E'\n' || "city") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "event_search_name_prefix_idx" ON "event_search" USING btree ("name" text_pattern_ops);--> statement-breakpoint
-- Decision 0018: event_search is derived data. One function rebuilds the rows of some events; statement
-- triggers (with transition tables, so a bulk write refreshes once, set-based) call it for every write
-- that changes what a row holds: the event itself, its lineup, an artist's name, a venue's name or city.
CREATE FUNCTION "event_search_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "event_search" ("event_id", "date", "name", "artists", "venue", "city")
	SELECT e."id", e."date", lower(e."name"),
		coalesce((
			SELECT string_agg(lower(a."name"), E'\n' ORDER BY ea."position", a."id")
			FROM "event_artists" ea JOIN "artists" a ON a."id" = ea."artist_id"
			WHERE ea."event_id" = e."id"
		), ''),
		lower(v."name"), lower(v."city")
	FROM unnest(ids) AS r("id") JOIN "events" e ON e."id" = r."id" JOIN "venues" v ON v."id" = e."venue_id"
	ON CONFLICT ("event_id") DO UPDATE SET "date" = excluded."date", "name" = excluded."name",
		"artists" = excluded."artists", "venue" = excluded."venue", "city" = excluded."city"
	-- A refresh that changes nothing writes nothing (an import run again, a lineup rewritten as it was).
	WHERE ("event_search"."date", "event_search"."name", "event_search"."artists", "event_search"."venue", "event_search"."city")
		IS DISTINCT FROM (excluded."date", excluded."name", excluded."artists", excluded."venue", excluded."city");
$$;--> statement-breakpoint
CREATE FUNCTION "event_search_on_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "event_search_refresh"(ARRAY(SELECT "id" FROM new_rows));
	ELSE
		PERFORM "event_search_refresh"(ARRAY(
			SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
			WHERE (n."name", n."date", n."venue_id") IS DISTINCT FROM (o."name", o."date", o."venue_id")));
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "event_search_events_insert" AFTER INSERT ON "events"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_search_on_events"();--> statement-breakpoint
CREATE TRIGGER "event_search_events_update" AFTER UPDATE ON "events"
	REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_search_on_events"();--> statement-breakpoint
CREATE FUNCTION "event_search_on_lineup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "event_search_refresh"(ARRAY(SELECT DISTINCT "event_id" FROM new_rows));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "event_search_refresh"(ARRAY(SELECT DISTINCT "event_id" FROM old_rows));
	ELSE
		PERFORM "event_search_refresh"(ARRAY(
			SELECT "event_id" FROM new_rows UNION SELECT "event_id" FROM old_rows));
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "event_search_lineup_insert" AFTER INSERT ON "event_artists"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_search_on_lineup"();--> statement-breakpoint
CREATE TRIGGER "event_search_lineup_update" AFTER UPDATE ON "event_artists"
	REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_search_on_lineup"();--> statement-breakpoint
CREATE TRIGGER "event_search_lineup_delete" AFTER DELETE ON "event_artists"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_search_on_lineup"();--> statement-breakpoint
CREATE FUNCTION "event_search_on_artists"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "event_search_refresh"(ARRAY(
		SELECT DISTINCT ea."event_id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
		JOIN "event_artists" ea ON ea."artist_id" = n."id"
		WHERE n."name" IS DISTINCT FROM o."name"));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "event_search_artists_update" AFTER UPDATE ON "artists"
	REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_search_on_artists"();--> statement-breakpoint
CREATE FUNCTION "event_search_on_venues"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "event_search_refresh"(ARRAY(
		SELECT e."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
		JOIN "events" e ON e."venue_id" = n."id"
		WHERE (n."name", n."city") IS DISTINCT FROM (o."name", o."city")));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "event_search_venues_update" AFTER UPDATE ON "venues"
	REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "event_search_on_venues"();--> statement-breakpoint
SELECT "event_search_refresh"(ARRAY(SELECT "id" FROM "events"));
