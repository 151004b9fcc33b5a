import { sql } from 'drizzle-orm';
import type { Database, Db } from '../server/db/client.js';
import { searchConcerts } from '../server/modules/events/service.js';
import type { BenchResult } from './run.js';
import { onEachDatabase, summarize } from './stats.js';

/**
 * Concert search on a 100,000-event catalog: 2,000 artists, 400 venues, 100,000 events
 * (about a fifth already past), a support act on every third event and 60,000 listings.
 * Generated with generate_series in SQL, then ~50 varied queries are timed through
 * searchConcerts, the function the route calls.
 */

const EVENTS = 100_000;
const ARTISTS = 2_000;
const VENUES = 400;
const LISTINGS = 60_000;

const FIRST_WORDS = [
  'Neon',
  'Velvet',
  'Copper',
  'Silver',
  'Golden',
  'Crimson',
  'Static',
  'Hollow',
  'Midnight',
  'Electric',
  'Paper',
  'Glass',
  'Iron',
  'Wild',
  'Lunar',
  'Solar',
  'Desert',
  'Ocean',
  'River',
  'Mountain',
  'Saint',
  'Little',
  'Big',
  'Lost',
  'Young',
  'Broken',
  'Burning',
  'Frozen',
  'Hidden',
  'Northern',
  'Southern',
  'Western',
  'Eastern',
  'Cosmic',
  'Savage',
  'Gentle',
  'Restless',
  'Royal',
  'Rusty',
  'Scarlet',
  'Blue',
  'Black',
  'White',
  'Green',
  'Violet',
  'Amber',
  'Jade',
  'Ivory',
  'Onyx',
  'Cobalt',
];
const SECOND_WORDS = [
  'Harbor',
  'Comet',
  'Lanterns',
  'Pines',
  'Saints',
  'Wolves',
  'Arcade',
  'Bloom',
  'Parade',
  'Tide',
  'Echoes',
  'Rebels',
  'Drifters',
  'Ramblers',
  'Hearts',
  'Ghosts',
  'Kings',
  'Queens',
  'Riders',
  'Sparrows',
  'Foxes',
  'Ravens',
  'Thieves',
  'Dreamers',
  'Giants',
  'Monarchs',
  'Pilots',
  'Sailors',
  'Outlaws',
  'Strangers',
  'Brothers',
  'Sisters',
  'Collective',
  'Society',
  'Orchestra',
  'Band',
  'Project',
  'Machine',
  'Union',
  'Club',
];
const TOUR_WORDS = [
  'Night Swim',
  'Glasshouse',
  'Long Way Home',
  'Afterglow',
  'Golden Hour',
  'Meadowlark',
  'Feedback Garden',
  'Dust and Diamonds',
  'Bone Deep',
  'Starlight Motel',
  'Timberline',
  'Borealis',
  'Slow Burn',
  'Forged in Fire',
  'Carousel',
  'Paper Hearts',
  'Insert Coin',
  'Back Roads',
  'City Lights',
  'High Lonesome',
];
const VENUE_WORDS = [
  'Grand',
  'Union',
  'Liberty',
  'Pioneer',
  'Harbor',
  'Summit',
  'Capitol',
  'Riverside',
  'Lakeside',
  'Heritage',
  'Palace',
  'Starlight',
  'Paramount',
  'Majestic',
  'Orpheum',
  'Crystal',
  'Granite',
  'Cedar',
  'Maple',
  'Oak',
];
const VENUE_KINDS = [
  'Arena',
  'Theatre',
  'Amphitheatre',
  'Ballroom',
  'Music Hall',
  'Pavilion',
  'Stadium',
  'Hall',
  'Center',
  'Garden',
];
const CITIES = [
  'New York',
  'Los Angeles',
  'Chicago',
  'Houston',
  'Phoenix',
  'Philadelphia',
  'San Antonio',
  'San Diego',
  'Dallas',
  'Austin',
  'Nashville',
  'Denver',
  'Seattle',
  'Boston',
  'Atlanta',
  'Miami',
  'Portland',
  'Detroit',
  'Minneapolis',
  'New Orleans',
];

const QUERIES = [
  // Whole artist names and their first words.
  'Neon Harbor',
  'Velvet Comet',
  'Paper Lanterns',
  'Static Bloom',
  'Midnight Arcade',
  'Crimson Parade',
  'Golden Ghosts',
  'Cobalt Club',
  'neon',
  'velvet',
  'copper',
  'crimson',
  'scarlet',
  'cobalt',
  // Second words, which many artists share.
  'harbor',
  'lanterns',
  'saints',
  'collective',
  'orchestra',
  // Tour names and words inside event names.
  'Night Swim',
  'Golden Hour',
  'Starlight Motel',
  'Forged in Fire',
  'tour',
  'live',
  'evening',
  // Venues and cities.
  'Grand Arena',
  'Liberty Ballroom',
  'Orpheum',
  'Music Hall',
  'Chicago',
  'New York',
  'Nashville',
  'San Antonio',
  'Minneapolis',
  'new orleans',
  // Three-letter queries (one trigram: the broadest index lookups).
  'the',
  'neo',
  'ban',
  'sai',
  'ora',
  // Several words with no exact substring: the first-word fallback runs.
  'harbor neon',
  'lanterns paper tour',
  'comet velvet live',
  'swim night',
  // Nothing matches.
  'zzqx',
  'qwerty band',
  'xylophone',
  'no such artist',
];

const q = (list: string[]) =>
  sql.raw(`array[${list.map((item) => `'${item.replaceAll("'", "''")}'`).join(',')}]`);

async function generateCatalog(db: Db): Promise<void> {
  await db.execute(sql`
    insert into artists (external_id, name, genres)
    select 'bench-artist-' || i,
      (${q(FIRST_WORDS)})[1 + i % ${FIRST_WORDS.length}] || ' ' || (${q(SECOND_WORDS)})[1 + i / ${FIRST_WORDS.length}],
      array['Rock']
    from generate_series(0, ${ARTISTS - 1}) i`);
  await db.execute(sql`
    insert into venues (external_id, name, city)
    select 'bench-venue-' || i,
      (${q(VENUE_WORDS)})[1 + i % ${VENUE_WORDS.length}] || ' ' || (${q(VENUE_KINDS)})[1 + (i / ${VENUE_WORDS.length}) % ${VENUE_KINDS.length}],
      (${q(CITIES)})[1 + i / ${VENUE_WORDS.length}]
    from generate_series(0, ${VENUES - 1}) i`);
  // Artist and venue ids are 1..N in a fresh database; dates run from 70 days ago to ~10 months ahead.
  await db.execute(sql`
    insert into events (external_id, name, date, venue_id, days_count)
    select 'bench-event-' || i,
      case i % 4
        when 0 then a.name || ': ' || (${q(TOUR_WORDS)})[1 + i % ${TOUR_WORDS.length}] || ' Tour'
        when 1 then a.name || ' - ' || (${q(TOUR_WORDS)})[1 + (i / 7) % ${TOUR_WORDS.length}] || ' Tour'
        when 2 then 'An Evening with ' || a.name
        else a.name || ' Live'
      end,
      current_date - 70 + (i % 370),
      1 + (i * 37) % ${VENUES},
      case when i % 50 = 0 then 2 else 1 end
    from generate_series(1, ${EVENTS}) i
    join artists a on a.id = 1 + (i * 13) % ${ARTISTS}`);
  await db.execute(sql`
    insert into event_artists (event_id, artist_id, position)
    select e.id, 1 + (e.id * 13) % ${ARTISTS}, 0 from events e
    union all
    select e.id, 1 + (e.id * 13 + 7) % ${ARTISTS}, 1 from events e where e.id % 3 = 0`);
  await db.execute(sql`
    insert into users (username, email, password_hash, first_name, last_name)
    values ('bench-seller', 'bench-seller@example.com', 'not-a-hash', 'Bench', 'Seller')`);
  await db.execute(sql`
    insert into tickets (seller_id, event_id, event_name, event_date, description, venue, section, row, seats,
      face_value_cents, service_fee_cents, listing_price_cents, sold)
    select u.id, e.id, e.name, e.date, e.name, '', 'A', '1', '1',
      5000 + (i * 97) % 20000, 1000, 6000 + (i * 97) % 20000, i % 5 = 0
    from generate_series(1, ${LISTINGS}) i
    join events e on e.id = 1 + (i * 7) % ${EVENTS}
    cross join (select id from users where username = 'bench-seller') u`);
  await db.execute(sql`analyze`);
}

async function measure(label: string, database: Database): Promise<BenchResult[]> {
  const started = performance.now();
  await database.migrate();
  await generateCatalog(database.db);
  const setupSeconds = (performance.now() - started) / 1000;
  // One untimed pass warms caches and the query planner.
  for (const query of QUERIES.slice(0, 5)) await searchConcerts(database.db, query);
  const timings: number[] = [];
  const perQuery: { query: string; ms: number; found: number }[] = [];
  for (const query of QUERIES) {
    const start = performance.now();
    const found = await searchConcerts(database.db, query);
    const ms = performance.now() - start;
    timings.push(ms);
    perQuery.push({ query, ms, found: found.length });
  }
  const results = perQuery.reduce((sum, entry) => sum + entry.found, 0);
  const slowest = [...perQuery].sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log(
    `  ${label}: slowest ${slowest.map((entry) => `'${entry.query}' ${entry.ms.toFixed(0)} ms (${entry.found})`).join(', ')}`,
  );
  return [
    summarize(
      `concert search, ${EVENTS.toLocaleString('en-US')} events`,
      label,
      timings,
      `setup ${setupSeconds.toFixed(1)} s; ${results} results in all`,
    ),
  ];
}

export function run(): Promise<BenchResult[]> {
  return onEachDatabase(measure, 2);
}
