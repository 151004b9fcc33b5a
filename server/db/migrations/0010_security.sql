-- Decision 0031: a member's hold budget per ticket and period, apart from the hold on the ticket itself.
CREATE TABLE "hold_allowances" (
	"user_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"period_started_at" timestamp with time zone NOT NULL,
	"extensions_used" integer DEFAULT 0 NOT NULL,
	"checkout_started_at" timestamp with time zone,
	CONSTRAINT "hold_allowances_user_id_ticket_id_pk" PRIMARY KEY("user_id","ticket_id")
);
--> statement-breakpoint
ALTER TABLE "hold_allowances" ADD CONSTRAINT "hold_allowances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_allowances" ADD CONSTRAINT "hold_allowances_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_current_viewer_idx" ON "tickets" USING btree ("current_viewer_id") WHERE "current_viewer_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" DROP COLUMN "hold_extensions";
