-- Issue 44 item 4, decision 0086: verified sellers. A member's identity verification as the payment
-- provider (Stripe Connect onboarding, or the sandbox's onboarding page) last told it.
ALTER TABLE "users" ADD COLUMN "identity_status" text DEFAULT 'unverified' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_identity_status_valid" CHECK ("identity_status" in ('unverified', 'pending', 'verified', 'declined'));--> statement-breakpoint
-- Whether the listing's seller is verified, kept by the two triggers below, so the marketplace's filter, its
-- shared pages (the listings' change counter) and the in-memory listing index (search_changed_at) all move
-- when a seller's verification does.
ALTER TABLE "tickets" ADD COLUMN "seller_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A listing above the verification threshold waits ('pending', off every list) until its seller is verified.
ALTER TABLE "tickets" ADD COLUMN "awaiting_verification" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "tickets_awaiting_verification_idx" ON "tickets" USING btree ("seller_id") WHERE "awaiting_verification";--> statement-breakpoint
CREATE FUNCTION "tickets_seller_verified"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		NEW.seller_verified := coalesce((SELECT u.identity_status = 'verified' FROM users u WHERE u.id = NEW.seller_id), false);
		RETURN NEW;
	END
$$;--> statement-breakpoint
CREATE TRIGGER "tickets_seller_verified" BEFORE INSERT ON "tickets"
	FOR EACH ROW EXECUTE FUNCTION "tickets_seller_verified"();--> statement-breakpoint
CREATE FUNCTION "users_identity_to_listings"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		UPDATE tickets SET seller_verified = (NEW.identity_status = 'verified')
			WHERE seller_id = NEW.id AND seller_verified IS DISTINCT FROM (NEW.identity_status = 'verified');
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE TRIGGER "users_identity_to_listings" AFTER UPDATE OF "identity_status" ON "users"
	FOR EACH ROW WHEN (OLD."identity_status" IS DISTINCT FROM NEW."identity_status") EXECUTE FUNCTION "users_identity_to_listings"();
