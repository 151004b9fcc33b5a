-- Decision 0036 (amended): the admin transactions page walks payouts in time order, and finds the refunds
-- whose escrow_refund journal is recent without reading every refunded sale.
CREATE INDEX "payouts_at_idx" ON "payouts" USING btree ((coalesce("paid_at", "due_at")), "order_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_escrow_refund_idx" ON "ledger_entries" USING btree ("created_at", "order_id") WHERE "journal" = 'escrow_refund';
