-- Issue 45 item 4, decision 0093: a show's start time and doors time as wall-clock times at its venue on its
-- first day (null when the source does not say), and the venue's street address and postal code for the
-- page's full postal address and its map link.
ALTER TABLE "events" ADD COLUMN "start_time" time;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "doors_time" time;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_doors_before_start" CHECK ("doors_time" is null or ("start_time" is not null and "doors_time" <= "start_time"));--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "street_address" text;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "postal_code" text;
