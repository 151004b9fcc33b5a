-- Issue 43 §12, decision 0080: a matched alert's e-mail is sent at most once per alert and listing, by
-- whichever instance runs its job: the claim is this row, made before the send and marked sent after.
CREATE TABLE "price_alert_mails" (
	"alert_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "price_alert_mails_alert_id_ticket_id_pk" PRIMARY KEY("alert_id","ticket_id")
);--> statement-breakpoint
ALTER TABLE "price_alert_mails" ADD CONSTRAINT "price_alert_mails_alert_id_price_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."price_alerts"("id") ON DELETE cascade ON UPDATE no action;
