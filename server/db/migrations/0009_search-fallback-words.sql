-- Decision 0024: the concert search fallback finds events holding every word of the query in the name or the lineup.
CREATE INDEX "event_search_name_lineup_trgm_idx" ON "event_search" USING gin (("name" || E'\n' || "artists") gin_trgm_ops);--> statement-breakpoint
-- A tier's whole-table query waits behind a condition that is usually false, and a parallel plan starts its
-- workers (milliseconds each) before it finds that out: search reads this table one process at a time.
ALTER TABLE "event_search" SET (parallel_workers = 0);
