-- Issue 43 §1, decision 0071: concert search finds a show while it is on sale, until its venue's midnight
-- after its last day, no longer from its first day in UTC. Each search document carries that instant
-- ("ends_at", computed as `server/lib/on-sale-sql.ts` does), kept by the refresh that writes the document;
-- the events trigger also refreshes an event whose days changed, the venues trigger one whose zone changed.
-- The date index carries it too, so the walk of the soonest documents stays index-only.
ALTER TABLE "event_search" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
UPDATE "event_search" s SET "ends_at" = (e."date" + e."days_count")::timestamp AT TIME ZONE v."time_zone"
	FROM "events" e JOIN "venues" v ON v."id" = e."venue_id" WHERE e."id" = s."event_id";--> statement-breakpoint
ALTER TABLE "event_search" ALTER COLUMN "ends_at" SET NOT NULL;--> statement-breakpoint
DROP INDEX "event_search_date_idx";--> statement-breakpoint
CREATE INDEX "event_search_date_idx" ON "event_search" USING btree ("date","event_id") INCLUDE ("name","artists","venue","city","ends_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "event_search_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
	DELETE FROM "event_search" s USING "events" e
	WHERE e."id" = s."event_id" AND e."id" = ANY(ids) AND e."status" = 'cancelled';
	INSERT INTO "event_search" ("event_id", "date", "name", "artists", "venue", "city", "words", "ends_at")
	SELECT e."id", e."date", search_fold(e."name"),
		coalesce((
			SELECT string_agg(search_fold(a."name"), E'\n' ORDER BY ea."position", a."id")
			FROM "event_artists" ea JOIN "artists" a ON a."id" = ea."artist_id"
			WHERE ea."event_id" = e."id"
		), ''),
		search_fold(v."name"), search_fold(v."city"),
		array_remove(regexp_split_to_array(search_fold(e."name"), '[^[:alnum:]]+'), ''),
		(e."date" + e."days_count")::timestamp AT TIME ZONE v."time_zone"
	FROM unnest(ids) AS r("id") JOIN "events" e ON e."id" = r."id" JOIN "venues" v ON v."id" = e."venue_id"
	WHERE e."status" <> 'cancelled'
	ON CONFLICT ("event_id") DO UPDATE SET "date" = excluded."date", "name" = excluded."name",
		"artists" = excluded."artists", "venue" = excluded."venue", "city" = excluded."city", "words" = excluded."words",
		"ends_at" = excluded."ends_at"
	-- A refresh that changes nothing writes nothing; the words follow from the name.
	WHERE ("event_search"."date", "event_search"."name", "event_search"."artists", "event_search"."venue", "event_search"."city", "event_search"."ends_at")
		IS DISTINCT FROM (excluded."date", excluded."name", excluded."artists", excluded."venue", excluded."city", excluded."ends_at");
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
			WHERE (n."name", n."date", n."days_count", n."venue_id", n."status")
				IS DISTINCT FROM (o."name", o."date", o."days_count", o."venue_id", o."status")));
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "event_search_on_venues"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "event_search_refresh"(ARRAY(
		SELECT e."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
		JOIN "events" e ON e."venue_id" = n."id"
		WHERE (n."name", n."city", n."time_zone") IS DISTINCT FROM (o."name", o."city", o."time_zone")));
	RETURN NULL;
END $$;
