-- Issue 44 item 5, decision 0087: a strike for each sale a seller let lapse at the transfer deadline (one per
-- sale, so a rerun of the deadline job strikes nothing twice), and the reviews that three strikes within
-- twelve months open: the seller's listings on sale are paused until an admin lifts the pause with a reason.
CREATE TABLE "seller_strikes" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"struck_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "seller_strikes" ADD CONSTRAINT "seller_strikes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_strikes" ADD CONSTRAINT "seller_strikes_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_strikes_seller_idx" ON "seller_strikes" USING btree ("seller_id","struck_at");--> statement-breakpoint
CREATE TABLE "strike_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"paused_at" timestamp with time zone NOT NULL,
	"strikes" integer NOT NULL,
	"listings_paused" integer[] NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" integer,
	"lift_reason" text
);--> statement-breakpoint
ALTER TABLE "strike_reviews" ADD CONSTRAINT "strike_reviews_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strike_reviews" ADD CONSTRAINT "strike_reviews_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "strike_reviews_open_idx" ON "strike_reviews" USING btree ("seller_id") WHERE "strike_reviews"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "strike_reviews_paused_idx" ON "strike_reviews" USING btree ("paused_at","id");
