-- Issue 45 §6, decision 0095: what the live notices cost the writes they ride on. Each trigger called
-- live_notice(), a SQL function whose INSERT PostgreSQL 15 planned again on every call, through a SELECT of
-- its own. Each trigger now writes its outbox row itself, an INSERT planned once per connection, and the
-- notice's text comes from live_notice_payload(), which PostgreSQL inlines into that INSERT. The outbox's
-- primary key goes too: no statement looks a row up by its id (readers and the pruner go by the xid index,
-- which orders by id within a transaction), and every concurrent writer appended to the last page of it.
CREATE FUNCTION "live_notice_payload"(kind text, id integer, members integer[], audience text, everybody boolean, event_id integer, session_hint text)
	RETURNS text LANGUAGE sql STABLE AS $$
	SELECT json_strip_nulls(json_build_object(
		'k', kind, 'id', id, 'u', members, 'a', audience, 'p', everybody, 'e', event_id, 's', session_hint))::text
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_ambassador_message"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		INSERT INTO live_outbox (payload) VALUES (live_notice_payload('ambassador', NEW.topic_id, NULL, 'AMBSD', NULL, NULL, NULL));
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_ambassador_topic"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		INSERT INTO live_outbox (payload) VALUES (live_notice_payload('ambassador', NEW.id, NULL, 'AMBSD', NULL, NULL, NULL));
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_bid"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF TG_OP = 'UPDATE' AND (OLD.is_active, OLD.matched, OLD.ended_at) IS NOT DISTINCT FROM
				(NEW.is_active, NEW.matched, NEW.ended_at) THEN
			RETURN NULL;
		END IF;
		INSERT INTO live_outbox (payload) VALUES (live_notice_payload('bid', NEW.id, ARRAY[NEW.user_id], NULL, NULL, NULL, NULL));
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_bid_checkout"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF NEW.bid_id IS NULL OR (OLD.awaiting_authentication, OLD.status, OLD.outcome)
				IS NOT DISTINCT FROM (NEW.awaiting_authentication, NEW.status, NEW.outcome) THEN
			RETURN NULL;
		END IF;
		INSERT INTO live_outbox (payload) VALUES (live_notice_payload('bid', NEW.bid_id, ARRAY[NEW.buyer_id], NULL, NULL, NULL, NULL));
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_fan_queue_show"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF TG_OP = 'UPDATE' AND OLD.version = NEW.version THEN RETURN NULL; END IF;
		INSERT INTO live_outbox (payload) VALUES (live_notice_payload('fan-queue', NEW.event_id, NULL, NULL, true, NEW.event_id, NULL));
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_price_alert"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF (OLD.status, OLD.seen_at) IS NOT DISTINCT FROM (NEW.status, NEW.seen_at) THEN RETURN NULL; END IF;
		INSERT INTO live_outbox (payload) VALUES (live_notice_payload('alert', NEW.id, ARRAY[NEW.user_id], NULL, NULL, NULL, NULL));
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_read"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF TG_OP = 'UPDATE' AND OLD.last_read_message_id = NEW.last_read_message_id THEN RETURN NULL; END IF;
		INSERT INTO live_outbox (payload) VALUES (live_notice_payload('read', NEW.last_read_message_id, ARRAY[NEW.user_id], NULL, NULL, NULL, NULL));
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_role_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		INSERT INTO live_outbox (payload) VALUES (live_notice_payload('role-changed', NEW.id, ARRAY[NEW.id], NULL, NULL, NULL, NULL));
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		INSERT INTO live_outbox (payload) VALUES (live_notice_payload('session-ended', OLD.user_id, ARRAY[OLD.user_id], NULL, NULL, NULL, left(OLD.token_hash, 16)));
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_support_message"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF TG_OP = 'UPDATE' AND OLD.resolved = NEW.resolved THEN RETURN NULL; END IF;
		INSERT INTO live_outbox (payload) VALUES (live_notice_payload('support', NEW.id, ARRAY[NEW.user_id], 'admin', NULL, NULL, NULL));
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_ticket"() RETURNS trigger LANGUAGE plpgsql AS $$
	DECLARE was_listed boolean;
	BEGIN
		IF TG_OP = 'UPDATE' THEN
			IF (OLD.version, OLD.status, OLD.sold, OLD.buyer_id, OLD.transfer_status, OLD.current_viewer_id,
					OLD.quantity, OLD.listing_price_cents, OLD.barcode_url, OLD.editing_by)
				IS NOT DISTINCT FROM (NEW.version, NEW.status, NEW.sold, NEW.buyer_id, NEW.transfer_status,
					NEW.current_viewer_id, NEW.quantity, NEW.listing_price_cents, NEW.barcode_url, NEW.editing_by) THEN
				RETURN NULL;
			END IF;
			was_listed := NOT OLD.sold;
			INSERT INTO live_outbox (payload) VALUES (live_notice_payload('ticket', NEW.id,
				array_remove(ARRAY[NEW.seller_id, NEW.buyer_id, NULLIF(OLD.buyer_id, NEW.buyer_id)], NULL),
				NULL, CASE WHEN was_listed THEN true END, NEW.event_id, NULL));
		ELSE
			INSERT INTO live_outbox (payload) VALUES (live_notice_payload('ticket', NEW.id, ARRAY[NEW.seller_id], NULL, true, NEW.event_id, NULL));
		END IF;
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_ticket_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		INSERT INTO live_outbox (payload) VALUES (live_notice_payload('ticket', OLD.id, ARRAY[OLD.seller_id], NULL, CASE WHEN NOT OLD.sold THEN true END,
			OLD.event_id, NULL));
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_ticket_message"() RETURNS trigger LANGUAGE plpgsql AS $$
	DECLARE parties integer[];
	BEGIN
		SELECT array_remove(ARRAY[seller_id, buyer_id], NULL) INTO parties FROM tickets WHERE id = NEW.ticket_id;
		INSERT INTO live_outbox (payload) VALUES (live_notice_payload('message', NEW.ticket_id, parties, NULL, NULL, NULL, NULL));
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "live_transfer_emails"() RETURNS trigger LANGUAGE plpgsql AS $$
	DECLARE waiting record;
	BEGIN
		FOR waiting IN
			SELECT id, seller_id FROM tickets
			WHERE buyer_id = NEW.id AND sold AND transfer_status = 'not_started'
		LOOP
			INSERT INTO live_outbox (payload) VALUES (live_notice_payload('ticket', waiting.id, ARRAY[waiting.seller_id, NEW.id], NULL, NULL, NULL, NULL));
		END LOOP;
		RETURN NULL;
	END
$$;--> statement-breakpoint
DROP FUNCTION "live_notice"(text, integer, integer[], text, boolean, integer, text);--> statement-breakpoint
ALTER TABLE "live_outbox" DROP CONSTRAINT "live_outbox_pkey";
