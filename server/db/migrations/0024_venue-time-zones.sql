-- Issue 32 §5, decision 0056: a venue's IANA time zone, in which its event dates are calendar days and every
-- event deadline begins at local midnight, and each listing's copy of it (the catalog venue's, or the
-- platform's for a listing without one). Rows stored before this migration get the platform's default zone.
ALTER TABLE "venues" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;
