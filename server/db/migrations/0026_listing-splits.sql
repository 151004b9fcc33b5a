-- Decision 0062: a seller of several tickets says how they may sell; a buyer of part of a listing holds and
-- buys a part carved from it (a row of its own, split_from_ticket_id naming the listing). Listings saved
-- before splits existed were sold whole, so they keep selling whole; new listings default to no_single.
ALTER TABLE "tickets" ADD COLUMN "split_rule" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "split_rule" SET DEFAULT 'no_single';--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_split_rule_valid" CHECK ("split_rule" in ('any', 'no_single', 'all'));--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "split_from_ticket_id" integer REFERENCES "tickets"("id") ON DELETE set null;--> statement-breakpoint
CREATE INDEX "tickets_split_from_idx" ON "tickets" USING btree ("split_from_ticket_id") WHERE "split_from_ticket_id" is not null;
