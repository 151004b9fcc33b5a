-- Decision 0064. A username's TR39 confusable skeleton, unique, so that of two names that look alike
-- ('maya', 'mаya') only one can be stored, whatever the concurrency. The skeleton is computed in the
-- application (Unicode's confusables table); existing members get theirs at startup, and of existing names
-- that already look alike the oldest keeps the skeleton and the others stay NULL (a unique index allows
-- any number of NULLs), so this migration cannot fail on them.
ALTER TABLE "users" ADD COLUMN "username_skeleton" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_skeleton_idx" ON "users" USING btree ("username_skeleton");--> statement-breakpoint
-- Double opt-in: an address counts once its owner followed the e-mailed link. Only the SHA-256 of the
-- link's random token is stored, with its expiry. Earlier sign-ups were never confirmed, so they stay
-- unconfirmed (NULL) until their owner signs up again and follows the link.
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_confirm_token_idx" ON "newsletter_subscribers" USING btree ("confirm_token_hash");
