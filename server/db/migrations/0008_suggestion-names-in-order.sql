CREATE INDEX "artists_name_sorted_idx" ON "artists" USING btree ((lower("name") collate "C"));--> statement-breakpoint
CREATE INDEX "events_name_sorted_idx" ON "events" USING btree ((lower("name") collate "C"));--> statement-breakpoint
CREATE INDEX "venues_name_sorted_idx" ON "venues" USING btree ((lower("name") collate "C"));--> statement-breakpoint
CREATE INDEX "tickets_event_name_sorted_idx" ON "tickets" USING btree ((lower("event_name") collate "C"));