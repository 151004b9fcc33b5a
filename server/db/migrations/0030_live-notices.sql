-- Issue 35, decision 0066: live notices. Each change a member's screens show sends a small notice on the
-- channel encore_live: what changed (k), its id, and who may hear of it (u: member ids, a: a role, p: everybody).
-- NOTIFY is delivered when the transaction commits (never if it rolls back), so a tab never hears of a change
-- it then cannot read; triggers send it, so no code path that writes these rows can forget one.
CREATE FUNCTION "live_notice"(kind text, id integer, members integer[], audience text, everybody boolean, event_id integer, session_hint text)
	RETURNS void LANGUAGE sql AS $$
	SELECT pg_notify('encore_live', json_strip_nulls(json_build_object(
		'k', kind, 'id', id, 'u', members, 'a', audience, 'p', everybody, 'e', event_id, 's', session_hint))::text)
$$;--> statement-breakpoint
-- A message in a sale's thread: its buyer and seller.
CREATE FUNCTION "live_ticket_message"() RETURNS trigger LANGUAGE plpgsql AS $$
	DECLARE parties integer[];
	BEGIN
		SELECT array_remove(ARRAY[seller_id, buyer_id], NULL) INTO parties FROM tickets WHERE id = NEW.ticket_id;
		PERFORM live_notice('message', NEW.ticket_id, parties, NULL, NULL, NULL, NULL);
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE TRIGGER "ticket_messages_live" AFTER INSERT ON "ticket_messages"
	FOR EACH ROW EXECUTE FUNCTION "live_ticket_message"();--> statement-breakpoint
-- A listing listed, held, released, sold, edited or withdrawn: everybody, while it was on the market before
-- the change; its transfer after the sale: only its seller and buyer.
CREATE FUNCTION "live_ticket"() RETURNS trigger LANGUAGE plpgsql AS $$
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
			PERFORM live_notice('ticket', NEW.id,
				array_remove(ARRAY[NEW.seller_id, NEW.buyer_id, NULLIF(OLD.buyer_id, NEW.buyer_id)], NULL),
				NULL, CASE WHEN was_listed THEN true END, NEW.event_id, NULL);
		ELSE
			PERFORM live_notice('ticket', NEW.id, ARRAY[NEW.seller_id], NULL, true, NEW.event_id, NULL);
		END IF;
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE TRIGGER "tickets_live" AFTER INSERT OR UPDATE ON "tickets"
	FOR EACH ROW EXECUTE FUNCTION "live_ticket"();--> statement-breakpoint
-- A support message or its conversation's state: the member whose conversation it is, and the back office.
CREATE FUNCTION "live_support_message"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF TG_OP = 'UPDATE' AND OLD.resolved = NEW.resolved THEN RETURN NULL; END IF;
		PERFORM live_notice('support', NEW.id, ARRAY[NEW.user_id], 'admin', NULL, NULL, NULL);
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE TRIGGER "support_messages_live" AFTER INSERT OR UPDATE ON "support_messages"
	FOR EACH ROW EXECUTE FUNCTION "live_support_message"();--> statement-breakpoint
-- A bid placed, matched, declined or ended: its bidder.
CREATE FUNCTION "live_bid"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF TG_OP = 'UPDATE' AND (OLD.is_active, OLD.matched, OLD.ended_at) IS NOT DISTINCT FROM
				(NEW.is_active, NEW.matched, NEW.ended_at) THEN
			RETURN NULL;
		END IF;
		PERFORM live_notice('bid', NEW.id, ARRAY[NEW.user_id], NULL, NULL, NULL, NULL);
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE TRIGGER "bids_live" AFTER INSERT OR UPDATE ON "bids"
	FOR EACH ROW EXECUTE FUNCTION "live_bid"();--> statement-breakpoint
-- A bid's purchase waiting for the cardholder (3-D Secure), or done waiting: its bidder.
CREATE FUNCTION "live_bid_checkout"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF NEW.bid_id IS NULL OR (OLD.awaiting_authentication, OLD.status, OLD.outcome)
				IS NOT DISTINCT FROM (NEW.awaiting_authentication, NEW.status, NEW.outcome) THEN
			RETURN NULL;
		END IF;
		PERFORM live_notice('bid', NEW.bid_id, ARRAY[NEW.buyer_id], NULL, NULL, NULL, NULL);
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE TRIGGER "checkout_sessions_live" AFTER UPDATE ON "checkout_sessions"
	FOR EACH ROW EXECUTE FUNCTION "live_bid_checkout"();--> statement-breakpoint
-- A price alert that matched, or was seen or ended: its member.
CREATE FUNCTION "live_price_alert"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF (OLD.status, OLD.seen_at) IS NOT DISTINCT FROM (NEW.status, NEW.seen_at) THEN RETURN NULL; END IF;
		PERFORM live_notice('alert', NEW.id, ARRAY[NEW.user_id], NULL, NULL, NULL, NULL);
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE TRIGGER "price_alerts_live" AFTER UPDATE ON "price_alerts"
	FOR EACH ROW EXECUTE FUNCTION "live_price_alert"();--> statement-breakpoint
-- The ambassadors' chat: a new topic or post, for the ambassadors (and the back office, who may read it).
CREATE FUNCTION "live_ambassador_message"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		PERFORM live_notice('ambassador', NEW.topic_id, NULL, 'AMBSD', NULL, NULL, NULL);
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE TRIGGER "ambassador_chat_messages_live" AFTER INSERT ON "ambassador_chat_messages"
	FOR EACH ROW EXECUTE FUNCTION "live_ambassador_message"();--> statement-breakpoint
CREATE FUNCTION "live_ambassador_topic"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		PERFORM live_notice('ambassador', NEW.id, NULL, 'AMBSD', NULL, NULL, NULL);
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE TRIGGER "ambassador_chat_topics_live" AFTER INSERT ON "ambassador_chat_topics"
	FOR EACH ROW EXECUTE FUNCTION "live_ambassador_topic"();--> statement-breakpoint
-- A thread, conversation or topic read in one tab: the member's other tabs update their badges.
CREATE FUNCTION "live_read"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF TG_OP = 'UPDATE' AND OLD.last_read_message_id = NEW.last_read_message_id THEN RETURN NULL; END IF;
		PERFORM live_notice('read', NEW.last_read_message_id, ARRAY[NEW.user_id], NULL, NULL, NULL, NULL);
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE TRIGGER "ticket_message_reads_live" AFTER INSERT OR UPDATE ON "ticket_message_reads"
	FOR EACH ROW EXECUTE FUNCTION "live_read"();--> statement-breakpoint
CREATE TRIGGER "support_reads_live" AFTER INSERT OR UPDATE ON "support_reads"
	FOR EACH ROW EXECUTE FUNCTION "live_read"();--> statement-breakpoint
CREATE TRIGGER "ambassador_chat_reads_live" AFTER INSERT OR UPDATE ON "ambassador_chat_reads"
	FOR EACH ROW EXECUTE FUNCTION "live_read"();--> statement-breakpoint
-- A session ended (sign-out, a password reset, a suspension): that session's streams end, on every instance.
-- The hint is a prefix of the token's hash, enough to tell a member's sessions apart.
CREATE FUNCTION "live_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		PERFORM live_notice('session-ended', OLD.user_id, ARRAY[OLD.user_id], NULL, NULL, NULL, left(OLD.token_hash, 16));
		RETURN NULL;
	END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_live" AFTER DELETE ON "sessions"
	FOR EACH ROW EXECUTE FUNCTION "live_session_ended"();
