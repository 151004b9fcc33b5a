-- The processing fee is rounded per ticket (decision 0073): a ticket's all-in price is the same at every
-- quantity, and per ticket × quantity is what is charged. A generated column's expression cannot be changed
-- in place before PostgreSQL 17, so the column and its index are made again.
DROP INDEX IF EXISTS "tickets_market_price_idx";--> statement-breakpoint
ALTER TABLE "tickets" DROP COLUMN "buyer_pays_per_ticket_cents";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "buyer_pays_per_ticket_cents" integer GENERATED ALWAYS AS ((listing_price_cents + (listing_price_cents::bigint * 390 + 10000) / 20000)::integer) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "tickets_market_price_idx" ON "tickets" USING btree ("buyer_pays_per_ticket_cents","id");
