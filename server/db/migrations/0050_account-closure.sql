-- Issue 47 item 5, decision 0099: closing an account. The users row stays (orders, ledger rows and payouts
-- keep pointing at it) with its personal fields erased and closed_at set. A closed member's username is held
-- back from registration for a quarantine period, kept only as a keyed hash of its confusable skeleton.
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "retired_usernames" (
	"skeleton_hash" text PRIMARY KEY NOT NULL,
	"retired_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "retired_usernames_released_idx" ON "retired_usernames" USING btree ("released_at");
