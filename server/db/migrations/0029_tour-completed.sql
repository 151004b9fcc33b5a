-- Issue 34: the welcome tour, once finished or skipped, is remembered for the member, not only in one
-- browser's storage, so it is not offered again on another browser. NULL until then.
ALTER TABLE "users" ADD COLUMN "tour_completed_at" timestamp with time zone;
