import { eq } from 'drizzle-orm';
import { checkoutSessions, users } from '../../db/schema/index.js';
import { refundedBeforeSaleMail } from '../checkout/mail-templates.js';
import type { MoneyDeps } from '../sales/deps.js';

/** Tells the buyer a payment refunded before its sale was made bought nothing. A failed send is logged. */
export async function mailRefundedBeforeSale(deps: MoneyDeps, sessionId: string): Promise<void> {
  try {
    const [row] = await deps.db
      .select({
        email: users.email,
        firstName: users.firstName,
        eventName: checkoutSessions.eventName,
        eventDate: checkoutSessions.eventDate,
        amountCents: checkoutSessions.amountCents,
      })
      .from(checkoutSessions)
      .innerJoin(users, eq(users.id, checkoutSessions.buyerId))
      .where(eq(checkoutSessions.id, sessionId));
    if (!row) return;
    await deps.mailer.send(refundedBeforeSaleMail(row.email, row.firstName, row, row.amountCents));
  } catch (error) {
    deps.log.error({ err: error, sessionId }, 'could not send the refunded-before-sale e-mail');
  }
}
