import type { Db } from './client.js';
import { isTransactionConflict } from './sql-state.js';

/** How often a transaction runs before its conflict is answered (503); the first run included. */
export const TRANSACTION_ATTEMPTS = 5;
const FIRST_PAUSE_MS = 5;

/**
 * Makes `db.transaction` run the whole transaction again when PostgreSQL ends it with a deadlock or a
 * serialization failure (architecture: "Any order"), after a short, growing, random pause so the two
 * contenders do not meet again in step. Safe because nothing of the failed run was kept, and because
 * transaction callbacks talk only to the database (providers and mail are called after the commit).
 * Savepoints (`tx.transaction`) are not retried on their own: the outer transaction is.
 */
export function retryConflictingTransactions(db: Db, attempts = TRANSACTION_ATTEMPTS): void {
  const run = db.transaction.bind(db);
  const retrying: Db['transaction'] = async (work, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run(work, config);
      } catch (error) {
        if (attempt >= attempts || !isTransactionConflict(error)) throw error;
        const ceiling = FIRST_PAUSE_MS * 2 ** attempt;
        await new Promise((resolve) => setTimeout(resolve, ceiling / 2 + Math.random() * (ceiling / 2)));
      }
    }
  };
  db.transaction = retrying;
}
