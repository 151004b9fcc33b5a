-- Issue 45 §6, decision 0095: the live notices leave the commit path. pg_notify takes a database-wide lock
-- while a transaction that notified commits, which serialised the commits of every write on the tables with
-- live triggers (31% fewer writes per second at 50 writers, docs/benchmarks.md). Each notice is now a row in
-- this outbox, written in the writer's transaction like any other row (so a rolled-back change still sends
-- nothing), and every instance reads the rows of finished transactions a few times a second (live/outbox.ts).
-- Unlogged: a notice is worth nothing after a crash, when every stream reconnects and refetches anyway.
CREATE UNLOGGED TABLE "live_outbox" (
	"id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	-- The writing transaction: readers take the rows of transactions older than every one still running.
	"xid" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"payload" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "live_outbox_xid_idx" ON "live_outbox" ("xid", "id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_notice"(kind text, id integer, members integer[], audience text, everybody boolean, event_id integer, session_hint text)
	RETURNS void LANGUAGE sql AS $$
	INSERT INTO live_outbox (payload) VALUES (json_strip_nulls(json_build_object(
		'k', kind, 'id', id, 'u', members, 'a', audience, 'p', everybody, 'e', event_id, 's', session_hint))::text)
$$;
