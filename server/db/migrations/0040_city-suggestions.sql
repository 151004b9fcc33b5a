-- Issue 43 item 14: search suggestions know cities, as the results already do. The same two folded indexes
-- the venue names have (migration 0014): sorted for the prefix pass, trigrams for a later word.
CREATE INDEX "venues_city_folded_sorted_idx" ON "venues" USING btree ((search_fold("city") collate "C"));--> statement-breakpoint
CREATE INDEX "venues_city_folded_trgm_idx" ON "venues" USING gin (search_fold("city") gin_trgm_ops);
