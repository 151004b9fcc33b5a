import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { centsToDollars } from '../../common/money.js';
import { saleBreakdown } from '../../common/pricing.js';
import { DatabaseImageStore } from '../adapters/images/database-store.js';
import { OutboxMailer } from '../adapters/mail/outbox.js';
import { SandboxPaymentProvider } from '../adapters/payments/sandbox.js';
import type { Db } from '../db/client.js';
import { orders, tickets, users } from '../db/schema/index.js';
import { systemClock } from '../lib/clock.js';
import { processBarcode } from '../modules/barcodes/process-barcode.js';
import { attachBarcode } from '../modules/barcodes/service.js';
import { sandboxPay } from '../modules/checkout/sandbox.js';
import { sandboxSessionStore, startPayment } from '../modules/checkout/service.js';
import { lockTicket } from '../modules/holds/service.js';
import { sandboxCardStore } from '../modules/payment-methods/service.js';
import type { MoneyDeps } from '../modules/sales/deps.js';
import { completeTransfer, initiateTransfer } from '../modules/transfers/service.js';
import type { DemoUsers } from './users.js';

/**
 * Demo sales between maya and jordan, one for every My Tickets card: each is bought through the real hold,
 * sandbox checkout and fulfilment (so the order, the ledger and the e-mails exist as for a real sale), then
 * moved on with initiateTransfer and completeTransfer. Paper tickets are jordan's in the listings seed, so
 * the paper sales run from jordan to maya; a paper ticket gets its barcode before its transfer starts, as
 * initiateTransfer requires (decision 0041).
 */

type Step = 'not_started' | 'initiated' | 'completed';
interface PlannedSale {
  seller: 'maya' | 'jordan';
  ticketType: 'digital' | 'paper';
  step: Step;
}

const PLAN: PlannedSale[] = [
  { seller: 'maya', ticketType: 'digital', step: 'not_started' },
  { seller: 'maya', ticketType: 'digital', step: 'not_started' },
  { seller: 'maya', ticketType: 'digital', step: 'initiated' },
  { seller: 'maya', ticketType: 'digital', step: 'completed' },
  { seller: 'jordan', ticketType: 'digital', step: 'not_started' },
  { seller: 'jordan', ticketType: 'digital', step: 'initiated' },
  { seller: 'jordan', ticketType: 'digital', step: 'completed' },
  { seller: 'jordan', ticketType: 'paper', step: 'not_started' },
  { seller: 'jordan', ticketType: 'paper', step: 'initiated' },
  { seller: 'jordan', ticketType: 'paper', step: 'completed' },
];

const SILENT_LOG = { info() {}, warn() {}, error() {} };

/** The seller uploads a barcode image: black bars on white, stored as an upload would be. */
async function uploadDemoBarcode(db: Db, sellerId: number, ticketId: number, now: Date): Promise<void> {
  const bars = Array.from({ length: 40 }, (_, index) => ({
    input: { create: { width: 2 + (index % 3) * 2, height: 60, channels: 3 as const, background: '#000' } },
    left: 10 + index * 7,
    top: 10,
  }));
  const png = await sharp({ create: { width: 300, height: 80, channels: 3, background: '#fff' } })
    .composite(bars)
    .png()
    .toBuffer();
  const processed = await processBarcode(png);
  const saved = await new DatabaseImageStore(db).save(processed.bytes, processed.contentType, sellerId);
  // Demo bars encode nothing: no hash is kept, and the listing does not carry the Barcode checked mark.
  await attachBarcode(db, ticketId, { id: sellerId, role: 'user' }, saved, [], now);
}

/** One purchase, the way the buyer's browser makes it: hold, start the payment, pay with the 4242 card. */
async function buy(deps: MoneyDeps, buyerId: number, ticketId: number): Promise<void> {
  const now = deps.clock.now();
  const hold = await lockTicket(deps.db, buyerId, ticketId, now);
  const [ticket] = await deps.db.select().from(tickets).where(eq(tickets.id, ticketId));
  if (!ticket) throw new Error(`demo sale: ticket ${ticketId} vanished`);
  const price = saleBreakdown({
    perTicketCents: ticket.listingPriceCents,
    markupPercent: ticket.markup,
    quantity: ticket.quantity,
  });
  const { url } = await startPayment(deps, buyerId, ticketId, {
    amount: centsToDollars(price.buyerPaysCents),
    version: hold.version,
  });
  const sessionId = new URL(url).pathname.split('/').at(-1) ?? '';
  await sandboxPay(deps, sessionId, buyerId, {
    cardNumber: '4242 4242 4242 4242',
    expMonth: 12,
    expYear: now.getUTCFullYear() + 3,
    cvc: '123',
  });
}

/** Seeds the demo sales once; true when it did (false when they exist already). */
export async function seedSales(db: Db, demoUsers: DemoUsers, appUrl: string): Promise<boolean> {
  const pair = [demoUsers.maya, demoUsers.jordan];
  const [existing] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.sellerId, pair), inArray(orders.buyerId, pair)))
    .limit(1);
  if (existing) return false;
  const clock = systemClock;
  const deps: MoneyDeps = {
    db,
    payments: new SandboxPaymentProvider(appUrl, sandboxSessionStore(db, clock), sandboxCardStore(db, clock)),
    mailer: new OutboxMailer(db),
    clock,
    appUrl,
    log: SILENT_LOG,
  };
  // jordan has a Ticketmaster transfer e-mail on file and maya none, so sellers see both kinds of transfer info.
  await db
    .update(users)
    .set({ ticketmasterEmail: 'jordan.tickets@encore.test' })
    .where(and(eq(users.id, demoUsers.jordan), isNull(users.ticketmasterEmail)));

  const used = new Set<number>();
  for (const sale of PLAN) {
    const sellerId = demoUsers[sale.seller];
    const buyerId = sale.seller === 'maya' ? demoUsers.jordan : demoUsers.maya;
    const candidates = await db
      .select({ id: tickets.id })
      .from(tickets)
      .where(
        and(eq(tickets.sellerId, sellerId), eq(tickets.ticketType, sale.ticketType), eq(tickets.sold, false)),
      )
      .orderBy(asc(tickets.eventDate), asc(tickets.id));
    // Spread over the calendar: the n-th sale of a kind takes a listing a few places further on.
    const pick = candidates.filter((candidate) => !used.has(candidate.id))[used.size % 3];
    if (!pick) continue;
    used.add(pick.id);
    await buy(deps, buyerId, pick.id);
    if (sale.step === 'not_started') continue;
    if (sale.ticketType === 'paper') await uploadDemoBarcode(db, sellerId, pick.id, clock.now());
    await initiateTransfer(db, pick.id, sellerId, clock.now());
    if (sale.step === 'completed')
      await completeTransfer(db, pick.id, { kind: 'buyer', userId: buyerId }, clock.now());
  }
  return true;
}
