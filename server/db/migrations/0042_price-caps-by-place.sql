-- Issue "Trust a fan can see" item 2, decision 0084: where a venue is, so that the resale price cap of its
-- country and region applies to its shows. Venues stored before this migration are in the US; the state of
-- the demo catalog's cities is filled in (an import gives it from the source from now on).
ALTER TABLE "venues" ADD COLUMN "country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "region" text;--> statement-breakpoint
ALTER TABLE "venues" ADD CONSTRAINT "venues_country_code" CHECK ("country" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "venues" ADD CONSTRAINT "venues_region_code" CHECK ("region" is null or "region" ~ '^[A-Z0-9]{1,3}$');--> statement-breakpoint
UPDATE "venues" SET "region" = known."region"
	FROM (VALUES ('new york', 'NY'), ('brooklyn', 'NY'), ('morrison', 'CO'), ('denver', 'CO'), ('nashville', 'TN'),
		('los angeles', 'CA'), ('san francisco', 'CA'), ('chicago', 'IL'), ('boston', 'MA'), ('washington', 'DC'),
		('atlanta', 'GA'), ('austin', 'TX'), ('houston', 'TX'), ('dallas', 'TX'), ('seattle', 'WA'), ('george', 'WA'),
		('miami', 'FL'), ('saint paul', 'MN'), ('philadelphia', 'PA')) AS known("city", "region")
	WHERE lower("venues"."city") = known."city" AND "venues"."country" = 'US';--> statement-breakpoint
-- A listing the price-cap sweep took off sale because a new or tightened rule puts it above its cap: the
-- rule, the highest markup that keeps to it then, when its seller was e-mailed (claimed before sending, so a
-- rerun sends nothing), and when the seller's one-click fix put it back on sale (the link then works no more).
CREATE TABLE "price_cap_pauses" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"rule_id" text NOT NULL,
	"cap_markup" integer,
	"paused_at" timestamp with time zone NOT NULL,
	"mailed_at" timestamp with time zone,
	"fixed_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "price_cap_pauses" ADD CONSTRAINT "price_cap_pauses_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_cap_pauses" ADD CONSTRAINT "price_cap_pauses_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_cap_pauses_open_idx" ON "price_cap_pauses" USING btree ("ticket_id") WHERE "fixed_at" is null;--> statement-breakpoint
CREATE INDEX "price_cap_pauses_seller_idx" ON "price_cap_pauses" USING btree ("seller_id");
