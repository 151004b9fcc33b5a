DROP INDEX "users_username_lower_idx";--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "pending_token_hash" text;--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "pending_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "resend_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "sent_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "login_codes_pending_token_idx" ON "login_codes" USING btree ("pending_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_folded_idx" ON "users" USING btree (lower(normalize("username", NFKC)));