import { eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADMIN_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import type { AdminPage, AdminTicket, AdminTicketsQuery } from '../../../common/schemas/admin.js';
import type { DbOrTx } from '../../db/client.js';
import { tickets, users } from '../../db/schema/index.js';
import { NotFound } from '../../errors.js';
import {
  type AdminSearch,
  adminSearchOf,
  contains,
  countIdsUpTo,
  countUpTo,
  direction,
  offsetOf,
  totalBoundOf,
  totalOf,
} from './search.js';

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
 * The parts of a search, each a query of ticket ids on its own index: the event name (trigram), the seller's
 * name (trigram on users, then the seller index), the id. No OR across the two tables, which no index answers.
 */
function parts(search: AdminSearch): SQL[] {
  const found: SQL[] = [
    sql`select ${tickets.id} as id from ${tickets} where ${contains(tickets.eventName, search)}`,
    sql`select ${tickets.id} as id from ${tickets} join users u on u.id = ${tickets.sellerId}
      where ${contains(sql`u.username`, search)}`,
  ];
  if (search.id !== null)
    found.push(sql`select ${tickets.id} as id from ${tickets} where ${tickets.id} = ${search.id}`);
  return found;
}

/** GET /api/admin/tickets: matches event name, seller name or id. */
export async function listAdminTickets(
  db: DbOrTx,
  query: AdminTicketsQuery,
): Promise<AdminPage<AdminTicket>> {
  const search = adminSearchOf(query.search);
  const order = sql`${sortColumns[query.sort]} ${direction(query.order)}, ${tickets.id} ${direction(query.order)}`;
  const reach = offsetOf(query) + query.pageSize;
  // A search takes each part's first rows in the page's order (an index walk for a common word, the
  // trigram index for a rare one), so no part is read past what the page needs.
  const where = search
    ? sql`${tickets.id} in (select id from (${sql.join(
        parts(search).map((part) => sql`(${part} order by ${order} limit ${reach})`),
        sql` union `,
      )}) matched)`
    : undefined;
  const bound = totalBoundOf(query);
  const [rows, total] = await Promise.all([
    select(db).where(where).orderBy(order).limit(query.pageSize).offset(offsetOf(query)),
    totalOf(
      db,
      search ? countIdsUpTo(parts(search), bound) : countUpTo(sql`select 1 from ${tickets}`, bound),
      bound,
    ),
  ]);
  return { rows: rows.map(shaped), page: query.page, pageSize: query.pageSize, ...total };
}

/** GET /api/admin/tickets/{id} */
export async function adminTicket(db: DbOrTx, ticketId: number): Promise<AdminTicket> {
  const [row] = await select(db).where(eq(tickets.id, ticketId)).limit(1);
  if (!row) throw new NotFound(ADMIN_TEXT.ticketNotFound);
  return shaped(row);
}
