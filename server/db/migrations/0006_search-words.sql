DROP INDEX "event_search_name_trgm_idx";--> statement-breakpoint
DROP INDEX "event_search_artists_trgm_idx";--> statement-breakpoint
DROP INDEX "event_search_place_trgm_idx";--> statement-breakpoint
ALTER TABLE "event_search" ADD COLUMN "words" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Decision 0022: a name's words, split where the whole-word tier's expression sees word boundaries.
-- Filled before the indexes are built: one pass over the table instead of index updates per row.
UPDATE "event_search" SET "words" = array_remove(regexp_split_to_array("name", '[^[:alnum:]]+'), '');--> statement-breakpoint
CREATE INDEX "event_search_name_joined_trgm_idx" ON "event_search" USING gin (replace("name", ' ', 'q') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "event_search_artists_joined_trgm_idx" ON "event_search" USING gin (replace("artists", ' ', 'q') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "event_search_place_joined_trgm_idx" ON "event_search" USING gin (replace(("venue" || E'\n' || "city"), ' ', 'q') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "event_search_words_idx" ON "event_search" USING gin ("words");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "event_search_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "event_search" ("event_id", "date", "name", "artists", "venue", "city", "words")
	SELECT e."id", e."date", lower(e."name"),
		coalesce((
			SELECT string_agg(lower(a."name"), E'\n' ORDER BY ea."position", a."id")
			FROM "event_artists" ea JOIN "artists" a ON a."id" = ea."artist_id"
			WHERE ea."event_id" = e."id"
		), ''),
		lower(v."name"), lower(v."city"),
		array_remove(regexp_split_to_array(lower(e."name"), '[^[:alnum:]]+'), '')
	FROM unnest(ids) AS r("id") JOIN "events" e ON e."id" = r."id" JOIN "venues" v ON v."id" = e."venue_id"
	ON CONFLICT ("event_id") DO UPDATE SET "date" = excluded."date", "name" = excluded."name",
		"artists" = excluded."artists", "venue" = excluded."venue", "city" = excluded."city", "words" = excluded."words"
	-- A refresh that changes nothing writes nothing; the words follow from the name.
	WHERE ("event_search"."date", "event_search"."name", "event_search"."artists", "event_search"."venue", "event_search"."city")
		IS DISTINCT FROM (excluded."date", excluded."name", excluded."artists", excluded."venue", excluded."city");
$$;
