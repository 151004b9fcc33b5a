-- Issue 47 item 4, decision 0097: a copy of a member's data. Each request is a row: pending until the durable
-- job (kind 'data_export') has built the ZIP, then ready with the file itself (bytea, bounded in size) until it
-- expires and the hourly sweep deletes the file, keeping the row as the request's history. One pending request
-- per member at a time, held by a unique index so two requests at once cannot both pass.
CREATE TABLE "data_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"archive" bytea,
	"archive_bytes" integer,
	"truncated" boolean DEFAULT false NOT NULL,
	CONSTRAINT "data_exports_status_valid" CHECK ("data_exports"."status" in ('pending', 'ready', 'expired', 'failed'))
);--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_pending_idx" ON "data_exports" USING btree ("user_id") WHERE "data_exports"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "data_exports_ready_expiry_idx" ON "data_exports" USING btree ("expires_at") WHERE "data_exports"."status" = 'ready';
