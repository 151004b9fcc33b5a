-- Decision 0063: an admin hides an abusive review from ratings and pages; the row stays for the audit, and
-- hidden_at says since when. Issue 34 §10: the admin Messages tab searches support messages on the server
-- by substring, answered from a trigram index as the other admin lists (decision 0036).
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "support_messages_message_trgm_idx" ON "support_messages" USING gin (lower("message") gin_trgm_ops);
