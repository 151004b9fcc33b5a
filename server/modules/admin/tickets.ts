import { count, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADMIN_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import type { AdminPage, AdminTicket, AdminTicketsQuery } from '../../../common/schemas/admin.js';
import type { DbOrTx } from '../../db/client.js';
import { tickets, users } from '../../db/schema/index.js';
import { NotFound } from '../../errors.js';
import { type AdminSearch, adminSearchOf, contains, direction, offsetOf, usersNamed } from './search.js';

const seller = alias(users, 'seller');
const buyer = alias(users, 'buyer');

const sortColumns = {
  id: tickets.id,
  eventName: tickets.eventName,
  listingPrice: tickets.listingPriceCents,
  status: tickets.status,
  createdAt: tickets.createdAt,
} as const;

function select(db: DbOrTx) {
  return db
    .select({
      id: tickets.id,
      version: tickets.version,
      eventName: tickets.eventName,
      eventDate: tickets.eventDate,
      venue: tickets.venue,
      section: tickets.section,
      row: tickets.row,
      sellerId: tickets.sellerId,
      sellerName: seller.username,
      buyerId: tickets.buyerId,
      buyerName: buyer.username,
      status: tickets.status,
      faceValueCents: tickets.faceValueCents,
      serviceFeeCents: tickets.serviceFeeCents,
      markup: tickets.markup,
      listingPriceCents: tickets.listingPriceCents,
      createdAt: tickets.createdAt,
    })
    .from(tickets)
    .innerJoin(seller, eq(seller.id, tickets.sellerId))
    .leftJoin(buyer, eq(buyer.id, tickets.buyerId));
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

function shaped(row: Row): AdminTicket {
  const { faceValueCents, serviceFeeCents, listingPriceCents, ...rest } = row;
  return {
    ...rest,
    faceValue: centsToDollars(faceValueCents),
    serviceFee: centsToDollars(serviceFeeCents),
    listingPrice: centsToDollars(listingPriceCents),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The ids of tickets whose event name or seller's name contains the text, or whose id it is: each part on
 * its own index (trigram on the event name, the seller index behind a trigram match of names).
 */
function matching(search: AdminSearch): SQL {
  const parts: SQL[] = [
    sql`select t.id from tickets t where ${contains(sql`t.event_name`, search)}`,
    sql`select t.id from tickets t where t.seller_id in ${usersNamed(search)}`,
  ];
  if (search.id !== null) parts.push(sql`select ${search.id}::integer`);
  return sql`${tickets.id} in (${sql.join(parts, sql` union `)})`;
}

/** GET /api/admin/tickets: matches event name, seller name or id. */
export async function listAdminTickets(
  db: DbOrTx,
  query: AdminTicketsQuery,
): Promise<AdminPage<AdminTicket>> {
  const search = adminSearchOf(query.search);
  const where = search ? matching(search) : undefined;
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(
        sql`${sortColumns[query.sort]} ${direction(query.order)}`,
        sql`${tickets.id} ${direction(query.order)}`,
      )
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(tickets).where(where),
  ]);
  return { rows: rows.map(shaped), page: query.page, pageSize: query.pageSize, total: total?.total ?? 0 };
}

/** GET /api/admin/tickets/{id} */
export async function adminTicket(db: DbOrTx, ticketId: number): Promise<AdminTicket> {
  const [row] = await select(db).where(eq(tickets.id, ticketId)).limit(1);
  if (!row) throw new NotFound(ADMIN_TEXT.ticketNotFound);
  return shaped(row);
}
