-- Issue "Trust a fan can see", item 1 (decision 0083): the marketplace and the event page sort by how a
-- listing's all-in price per ticket compares with its original price (face value plus the original fee).
-- The key is common/price-comparison.ts vsOriginalSortKey: the signed whole percent, rounded half away from
-- zero (below: negative), 2147483647 when there is no original price. A generated column cannot read another,
-- so the all-in price is buyer_pays_per_ticket_cents's own expression (migration 0034).
ALTER TABLE "tickets" ADD COLUMN "vs_original_key" integer GENERATED ALWAYS AS ((CASE WHEN face_value_cents::bigint + service_fee_cents > 0 THEN (CASE WHEN listing_price_cents + (listing_price_cents::bigint * 390 + 10000) / 20000 < face_value_cents::bigint + service_fee_cents THEN -1 ELSE 1 END) * ((200 * abs(listing_price_cents + (listing_price_cents::bigint * 390 + 10000) / 20000 - (face_value_cents::bigint + service_fee_cents)) + face_value_cents::bigint + service_fee_cents) / (2 * (face_value_cents::bigint + service_fee_cents))) ELSE 2147483647 END)::integer) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "tickets_market_vs_original_idx" ON "tickets" USING btree ("vs_original_key","buyer_pays_per_ticket_cents","id");
