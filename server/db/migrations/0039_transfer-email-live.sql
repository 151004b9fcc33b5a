-- Issue 43 item 14: a buyer who adds or changes the e-mail a platform transfers to (Ticketmaster, Live
-- Nation, AXS) tells the seller of each of their purchases still waiting for its transfer, so the seller's
-- My Tickets card shows the address at once instead of polling for it (decision 0066's notices).
CREATE FUNCTION "live_transfer_emails"() RETURNS trigger LANGUAGE plpgsql AS $$
	DECLARE waiting record;
	BEGIN
		FOR waiting IN
			SELECT id, seller_id FROM tickets
			WHERE buyer_id = NEW.id AND sold AND transfer_status = 'not_started'
		LOOP
			PERFORM live_notice('ticket', waiting.id, ARRAY[waiting.seller_id, NEW.id], NULL, NULL, NULL, NULL);
		END LOOP;
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE TRIGGER "users_transfer_emails_live" AFTER UPDATE OF "ticketmaster_email", "livenation_email", "axs_email" ON "users"
	FOR EACH ROW WHEN ((OLD."ticketmaster_email", OLD."livenation_email", OLD."axs_email")
		IS DISTINCT FROM (NEW."ticketmaster_email", NEW."livenation_email", NEW."axs_email"))
	EXECUTE FUNCTION "live_transfer_emails"();
