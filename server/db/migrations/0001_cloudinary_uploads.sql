CREATE TABLE "cloudinary_uploads" (
	"public_id" text PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cloudinary_uploads" ADD CONSTRAINT "cloudinary_uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cloudinary_uploads_created_idx" ON "cloudinary_uploads" USING btree ("created_at");