CREATE TABLE "admin_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_admin_idx" ON "admin_audit_log" USING btree ("admin_id","id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_action_idx" ON "admin_audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log" USING btree ("target_type","target_id","id");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_dispute_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispute_resolution_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_cause" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "dispute_source" = 'report', "dispute_status" = 'open' WHERE "disputed_at" IS NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "refund_cause" = 'transfer_deadline', "refund_reference" = "checkout_sessions"."refund_reference", "refunded_at" = CASE WHEN "checkout_sessions"."refund_reference" IS NULL THEN NULL ELSE now() END FROM "checkout_sessions" WHERE "checkout_sessions"."id" = "orders"."checkout_session_id" AND "orders"."status" = 'refunded';--> statement-breakpoint
CREATE INDEX "orders_dispute_idx" ON "orders" USING btree ("dispute_status","disputed_at") WHERE "orders"."dispute_status" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "status" text DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "original_date" date;
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "barcode_downloaded_at" timestamp with time zone;
