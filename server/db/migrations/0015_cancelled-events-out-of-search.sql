-- Decision 0042: a cancelled event has no search document, so concert search (every tier reads
-- event_search) no longer finds it. The refresh drops the documents of cancelled events and writes none
-- for them; the events trigger also refreshes an event whose status changed.
CREATE OR REPLACE FUNCTION "event_search_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
	DELETE FROM "event_search" s USING "events" e
	WHERE e."id" = s."event_id" AND e."id" = ANY(ids) AND e."status" = 'cancelled';
	INSERT INTO "event_search" ("event_id", "date", "name", "artists", "venue", "city", "words")
	SELECT e."id", e."date", search_fold(e."name"),
		coalesce((
			SELECT string_agg(search_fold(a."name"), E'\n' ORDER BY ea."position", a."id")
			FROM "event_artists" ea JOIN "artists" a ON a."id" = ea."artist_id"
			WHERE ea."event_id" = e."id"
		), ''),
		search_fold(v."name"), search_fold(v."city"),
		array_remove(regexp_split_to_array(search_fold(e."name"), '[^[:alnum:]]+'), '')
	FROM unnest(ids) AS r("id") JOIN "events" e ON e."id" = r."id" JOIN "venues" v ON v."id" = e."venue_id"
	WHERE e."status" <> 'cancelled'
	ON CONFLICT ("event_id") DO UPDATE SET "date" = excluded."date", "name" = excluded."name",
		"artists" = excluded."artists", "venue" = excluded."venue", "city" = excluded."city", "words" = excluded."words"
	-- A refresh that changes nothing writes nothing; the words follow from the name.
	WHERE ("event_search"."date", "event_search"."name", "event_search"."artists", "event_search"."venue", "event_search"."city")
		IS DISTINCT FROM (excluded."date", excluded."name", excluded."artists", excluded."venue", excluded."city");
	SELECT "search_words_add"(ARRAY(
		SELECT s."name" || E'\n' || s."artists" || E'\n' || s."venue" || E'\n' || s."city"
		FROM "event_search" s WHERE s."event_id" = ANY(ids)));
	-- The listings of these events search their lineups too.
	UPDATE "tickets" t SET "search_text" = ticket_search_text(t."event_name", t."description", s."artists")
	FROM "event_search" s
	WHERE s."event_id" = t."event_id" AND t."event_id" = ANY(ids)
		AND t."search_text" IS DISTINCT FROM ticket_search_text(t."event_name", t."description", s."artists");
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "event_search_on_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "event_search_refresh"(ARRAY(SELECT "id" FROM new_rows));
	ELSE
		PERFORM "event_search_refresh"(ARRAY(
			SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
			WHERE (n."name", n."date", n."venue_id", n."status") IS DISTINCT FROM (o."name", o."date", o."venue_id", o."status")));
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
DELETE FROM "event_search" s USING "events" e WHERE e."id" = s."event_id" AND e."status" = 'cancelled';
