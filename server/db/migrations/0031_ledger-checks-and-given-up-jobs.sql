-- Decision 0068. A job that failed too often gives up: it keeps its row and its last error, is no longer
-- claimed, and waits for an admin's Retry in the System tab.
ALTER TABLE "jobs" ADD COLUMN "gave_up_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_given_up_idx" ON "jobs" USING btree ("gave_up_at","id") WHERE "gave_up_at" is not null;--> statement-breakpoint
CREATE INDEX "jobs_failing_idx" ON "jobs" USING btree ("run_at","id") WHERE "done_at" is null and "attempts" > 0;--> statement-breakpoint
-- The ledger's self-check: one row per run, with what it compared and the mismatches it found (each naming
-- its orders), so the System tab shows the last one and an admin can read what is wrong.
CREATE TABLE "ledger_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"provider" text NOT NULL,
	"mismatch_count" integer NOT NULL,
	"mismatches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "ledger_checks_mismatch_count" CHECK ("ledger_checks"."mismatch_count" >= 0)
);--> statement-breakpoint
CREATE INDEX "ledger_checks_checked_idx" ON "ledger_checks" USING btree ("checked_at","id");
