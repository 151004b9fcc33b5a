-- Issue 44 item 3: a barcode is sold only once (decision 0085). Only a keyed hash (HMAC-SHA-256, hex) of each
-- decoded barcode's content is kept; a unique index over the live ones refuses the same barcode on a second
-- live listing or sale, on any instance, whoever the seller.
CREATE TABLE "ticket_barcodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL REFERENCES "tickets"("id") ON DELETE CASCADE,
	"seller_id" integer NOT NULL REFERENCES "users"("id"),
	"content_hash" text NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_barcodes_live_hash_idx" ON "ticket_barcodes" USING btree ("content_hash") WHERE "live";--> statement-breakpoint
CREATE INDEX "ticket_barcodes_ticket_idx" ON "ticket_barcodes" USING btree ("ticket_id");--> statement-breakpoint
-- Whether every ticket of the listing carries a checked barcode: the buyer's mark, on the row the cards and
-- the in-memory indexes read (kept by the barcode service and by the trigger below).
ALTER TABLE "tickets" ADD COLUMN "barcode_checked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A refused second upload of a live barcode: both tickets, for the admins' "Duplicate barcodes" view.
CREATE TABLE "barcode_duplicates" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_hash" text NOT NULL,
	"holding_ticket_id" integer REFERENCES "tickets"("id") ON DELETE SET NULL,
	"holding_seller_id" integer NOT NULL REFERENCES "users"("id"),
	"refused_ticket_id" integer REFERENCES "tickets"("id") ON DELETE SET NULL,
	"refused_seller_id" integer NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer REFERENCES "users"("id")
);--> statement-breakpoint
CREATE INDEX "barcode_duplicates_created_idx" ON "barcode_duplicates" USING btree ("created_at", "id");--> statement-breakpoint
-- A barcode stops being live when its listing is cancelled or its transfer completes (the buyer holds the
-- ticket now and may sell it on): whichever module makes that change, the database releases it.
CREATE FUNCTION "release_ticket_barcodes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "ticket_barcodes" SET "live" = false WHERE "ticket_id" = NEW."id" AND "live";
	NEW."barcode_checked" := false;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tickets_release_barcodes" BEFORE UPDATE OF "transfer_complete", "status" ON "tickets"
	FOR EACH ROW
	WHEN ((NEW."transfer_complete" AND NOT OLD."transfer_complete")
		OR (NEW."status" = 'cancelled' AND OLD."status" <> 'cancelled'))
	EXECUTE FUNCTION "release_ticket_barcodes"();
