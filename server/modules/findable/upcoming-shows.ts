import { sql } from 'drizzle-orm';
import { eventPath } from '../../../common/event-path.js';
import { UPCOMING_SHOWS_COUNT, type UpcomingShow } from '../../../common/schemas/upcoming-shows.js';
import type { Db } from '../../db/client.js';
import { searchDocumentOnSaleSql } from '../../lib/on-sale-sql.js';

interface UpcomingRow {
  id: number;
  name: string;
  date: string;
  days_count: number;
  venue: string;
  city: string;
}

/**
 * The soonest shows still on sale at `now` (neither cancelled nor past), by date then id: a walk of
 * event_search's date index (cancelled shows have no search document), the names read from the catalog.
 */
export async function upcomingShows(db: Db, now: Date): Promise<UpcomingShow[]> {
  const result = (await db.execute(sql`
    select e.id, e.name, e.date::text as date, e.days_count, v.name as venue, v.city
    from event_search s
    join events e on e.id = s.event_id
    join venues v on v.id = e.venue_id
    where ${searchDocumentOnSaleSql(now)}
    order by s.date, s.event_id
    limit ${UPCOMING_SHOWS_COUNT}`)) as unknown as { rows: UpcomingRow[] };
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    date: row.date,
    daysCount: row.days_count,
    venue: row.venue,
    city: row.city,
    path: eventPath(row.id, row.name),
  }));
}
