-- Decision 0040: searches match text folded the same way on both sides: lower case, accents taken off
-- (Unicode canonical decomposition, then the combining marks U+0300-U+036F dropped) and the few Latin
-- letters that do not decompose spelled out. server/lib/search-fold.ts is the same function in TypeScript.
CREATE FUNCTION "search_fold"(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
	SELECT replace(replace(replace(replace(translate(
		regexp_replace(normalize(lower(t), NFD), '[\u0300-\u036f]', '', 'g'),
		'øłđħıŀ', 'oldhil'), 'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'þ', 'th')
$$;--> statement-breakpoint
-- The catalog's words of four letters or more, and every word with one letter taken out (its variants):
-- a query word within one letter of a catalog word shares a variant with it, found by equality.
CREATE TABLE "search_words" ("word" text COLLATE "C" PRIMARY KEY NOT NULL);--> statement-breakpoint
CREATE TABLE "search_word_variants" (
	"variant" text NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_word_variants_pk" PRIMARY KEY ("variant", "word")
);--> statement-breakpoint
CREATE FUNCTION "search_words_add"(texts text[]) RETURNS void LANGUAGE sql AS $$
	WITH added AS (
		INSERT INTO "search_words" ("word")
		SELECT DISTINCT w FROM unnest(texts) t, regexp_split_to_table(t, '[^[:alnum:]]+') w
		WHERE char_length(w) BETWEEN 4 AND 40
		ON CONFLICT DO NOTHING RETURNING "word")
	INSERT INTO "search_word_variants" ("variant", "word")
	SELECT a."word", a."word" FROM added a
	UNION
	SELECT overlay(a."word" PLACING '' FROM i FOR 1), a."word" FROM added a, generate_series(1, char_length(a."word")) i
	ON CONFLICT DO NOTHING;
$$;--> statement-breakpoint
-- A listing's searchable text: its event name and description, then its catalog event's lineup.
CREATE FUNCTION "ticket_search_text"(event_name text, description text, lineup text) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT search_fold(event_name || ' ' || description) || E'\n' || coalesce(lineup, '')
$$;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "event_search_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
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
CREATE FUNCTION "tickets_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."search_text" := ticket_search_text(NEW."event_name", NEW."description",
		(SELECT s."artists" FROM "event_search" s WHERE s."event_id" = NEW."event_id"));
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "tickets_search_text" BEFORE INSERT OR UPDATE OF "event_name", "description", "event_id" ON "tickets"
	FOR EACH ROW EXECUTE FUNCTION "tickets_search_text"();--> statement-breakpoint
SELECT "event_search_refresh"(ARRAY(SELECT "id" FROM "events"));--> statement-breakpoint
UPDATE "tickets" t SET "search_text" = ticket_search_text(t."event_name", t."description",
	(SELECT s."artists" FROM "event_search" s WHERE s."event_id" = t."event_id"));--> statement-breakpoint
DROP INDEX "tickets_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "tickets_search_text_trgm_idx" ON "tickets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Suggestions read folded names: in order for those starting with the query, by trigrams for later words.
DROP INDEX "tickets_event_name_sorted_idx";--> statement-breakpoint
CREATE INDEX "tickets_event_name_folded_sorted_idx" ON "tickets" USING btree ((search_fold("event_name") collate "C"));--> statement-breakpoint
DROP INDEX "artists_name_sorted_idx";--> statement-breakpoint
CREATE INDEX "artists_name_folded_sorted_idx" ON "artists" USING btree ((search_fold("name") collate "C"));--> statement-breakpoint
DROP INDEX "venues_name_sorted_idx";--> statement-breakpoint
CREATE INDEX "venues_name_folded_sorted_idx" ON "venues" USING btree ((search_fold("name") collate "C"));--> statement-breakpoint
DROP INDEX "venues_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "venues_name_folded_trgm_idx" ON "venues" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
-- Concert search's lineup and venue tiers find the few artists, or venues whose name or city holds the
-- query, first: folded once when written, so that even a scan of the table compares plain text.
ALTER TABLE "artists" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "search_place" text GENERATED ALWAYS AS (search_fold("name" || E'\n' || "city")) STORED;--> statement-breakpoint
CREATE INDEX "artists_search_name_trgm_idx" ON "artists" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "venues_search_place_trgm_idx" ON "venues" USING gin ("search_place" gin_trgm_ops);--> statement-breakpoint
DROP INDEX "events_name_sorted_idx";--> statement-breakpoint
CREATE INDEX "events_name_folded_sorted_idx" ON "events" USING btree ((search_fold("name") collate "C"));--> statement-breakpoint
DROP INDEX "events_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "events_name_folded_trgm_idx" ON "events" USING gin (search_fold("name") gin_trgm_ops);
