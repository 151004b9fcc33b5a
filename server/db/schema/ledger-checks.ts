import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { LedgerMismatch } from '../../../common/schemas/admin-system.js';

/**
 * The ledger's self-check (decision 0068): one row per run, with the mismatches it found, each naming its
 * orders. Owned by the ledger module.
 */
export const ledgerChecks = pgTable(
  'ledger_checks',
  {
    id: serial('id').primaryKey(),
    /** The period whose balance transactions at the provider were compared; the other checks cover the whole ledger. */
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    mismatchCount: integer('mismatch_count').notNull(),
    /** The first mismatches found (bounded); mismatchCount counts them all. */
    mismatches: jsonb('mismatches').$type<LedgerMismatch[]>().notNull().default([]),
  },
  (t) => [
    index('ledger_checks_checked_idx').on(t.checkedAt, t.id),
    check('ledger_checks_mismatch_count', sql`${t.mismatchCount} >= 0`),
  ],
);
