-- Issue 43 §1, decision 0071: a bid ends when its show stops being on sale, at the venue's midnight after
-- the event's last day, no longer at 00:00 UTC after its first day. Active bids naming a catalog event take
-- that event's end; those naming a name and date take the last end among the events of that name and date
-- still on, else a one-day show in New York time (the platform's default zone, as migration 0024 read rows).
UPDATE "bids" b SET "expires_at" = (e."date" + e."days_count")::timestamp AT TIME ZONE v."time_zone"
FROM "events" e JOIN "venues" v ON v."id" = e."venue_id"
WHERE b."is_active" AND b."event_id" = e."id";--> statement-breakpoint
UPDATE "bids" b SET "expires_at" = coalesce(
	(SELECT max((e."date" + e."days_count")::timestamp AT TIME ZONE v."time_zone")
		FROM "events" e JOIN "venues" v ON v."id" = e."venue_id"
		WHERE lower(e."name") = lower(b."event_name") AND e."date" = b."event_date" AND e."status" <> 'cancelled'),
	(b."event_date" + 1)::timestamp AT TIME ZONE 'America/New_York')
WHERE b."is_active" AND b."event_id" IS NULL;
