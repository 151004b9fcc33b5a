-- Issue 23, decision 0048: when each listing last changed, so every instance's in-memory search index can
-- read only what changed since it last looked. Existing rows start at -infinity (the index's first load
-- reads every live listing anyway); later rows take the time of the statement that writes them.
ALTER TABLE "tickets" ADD COLUMN "search_changed_at" timestamp with time zone DEFAULT '-infinity' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "search_changed_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
CREATE FUNCTION "tickets_search_changed_at"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		NEW.search_changed_at := clock_timestamp();
		RETURN NEW;
	END
$$;--> statement-breakpoint
CREATE TRIGGER "tickets_search_changed_at" BEFORE UPDATE ON "tickets"
	FOR EACH ROW EXECUTE FUNCTION "tickets_search_changed_at"();--> statement-breakpoint
CREATE INDEX "tickets_search_changed_at_idx" ON "tickets" USING btree ("search_changed_at");
