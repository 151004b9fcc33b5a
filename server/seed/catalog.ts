import type { Db } from '../db/client.js';
import {
  type CatalogArtist,
  type CatalogEvent,
  type CatalogVenue,
  upsertCatalog,
} from '../modules/events/import.js';

/**
 * The demo event catalog: fictional artists touring real US venues over the next six
 * months. Everything is derived from the fixed lists below and today's date, and stored by
 * external id (seed-artist-01, seed-venue-01, seed-event-001), so seeding twice changes nothing.
 */

const ARTISTS: [name: string, genres: string[], tour: string][] = [
  ['The Paper Lanterns', ['Alternative', 'Indie Rock'], 'Night Swim'],
  ['Juniper Vale', ['Pop', 'Pop Rock'], 'Glasshouse'],
  ['Copper Creek Revival', ['Country', 'Alternative Country'], 'Long Way Home'],
  ['Neon Harbor', ['Dance/Electronic', 'House'], 'Afterglow'],
  ['Mira Sol', ['R&B', 'Soul'], 'Golden Hour'],
  ['Wren & the Wildflowers', ['Folk', 'Indie Folk'], 'Meadowlark'],
  ['Static Bloom', ['Rock', 'Shoegaze'], 'Feedback Garden'],
  ['Dakota Rhodes', ['Country', 'Country Pop'], 'Dust & Diamonds'],
  ['Lil Marrow', ['Hip-Hop/Rap', 'Trap'], 'Bone Deep'],
  ['Velvet Comet', ['Pop', 'Synth-pop'], 'Starlight Motel'],
  ['The Hollow Pines', ['Folk', 'Americana'], 'Timberline'],
  ['Saint Aurora', ['Alternative', 'Dream Pop'], 'Borealis'],
  ['Kai Monroe', ['R&B', 'Neo-Soul'], 'Slow Burn'],
  ['Ironwood Saints', ['Metal', 'Hard Rock'], 'Forged in Fire'],
  ['Luna Park Social Club', ['Pop', 'Indie Pop'], 'Carousel'],
  ['Brass Tacks Brigade', ['Jazz', 'Funk'], 'Horn of Plenty'],
  ['Ellie Hart', ['Pop', 'Singer-Songwriter'], 'Paper Hearts'],
  ['Midnight Arcade', ['Dance/Electronic', 'Synthwave'], 'Insert Coin'],
  ['Rosa Delgado', ['Latin', 'Latin Pop'], 'Corazón Abierto'],
  ['The Wandering Oaks', ['Rock', 'Southern Rock'], 'Back Roads'],
  ['Jaxon Reed', ['Hip-Hop/Rap', 'Conscious Hip-Hop'], 'City Lights'],
  ['Paper Moon Society', ['Alternative', 'Indie Rock'], 'Terrarium'],
  ['Sierra Blue', ['Country', 'Bluegrass'], 'High Lonesome'],
  ['Nova Kingsley', ['Pop', 'Electropop'], 'Supernova'],
  ['The Lighthouse Keepers', ['Folk', 'Indie Folk'], 'Safe Harbor'],
  ['DJ Solstice', ['Dance/Electronic', 'Techno'], 'Longest Night'],
  ['Marcus Bell & the Tide', ['Blues', 'Soul'], 'Low Tide'],
  ['Crimson Parade', ['Rock', 'Punk'], 'Marching Orders'],
  ['Harper Quinn', ['Pop', 'Singer-Songwriter'], 'Open Book'],
  ['Golden State Strings', ['Classical', 'Orchestral Pop'], 'Symphony of the West'],
  ['Tidal Drift', ['Reggae', 'Dub'], 'Island Time'],
  ['Avery Stone', ['Country', 'Outlaw Country'], 'Whiskey Rain'],
  ['Blue Ember', ['Jazz', 'Smooth Jazz'], 'After Hours'],
  ['The Midnight Drifters', ['Rock', 'Classic Rock'], 'Still Rolling'],
  ['Yuki Tanaka', ['Dance/Electronic', 'Future Bass'], 'Neon Tokyo'],
  ['Desert Rose Collective', ['Alternative', 'Psychedelic Rock'], 'Mirage'],
  ['Cam Ellison', ['Hip-Hop/Rap', 'Pop Rap'], 'Overtime'],
  ['Maple & Moss', ['Folk', 'Acoustic'], 'Evergreen'],
  ['Echo Valley', ['Rock', 'Indie Rock'], 'Reverberations'],
  ['Scarlett Vega', ['Latin', 'Reggaeton'], 'Fuego'],
];

/** Each venue with its IANA time zone (decision 0056), in which its event dates are calendar days, and its state. */
const VENUES: [name: string, city: string, timeZone: string, state: string][] = [
  ['Madison Square Garden', 'New York', 'America/New_York', 'NY'],
  ['Radio City Music Hall', 'New York', 'America/New_York', 'NY'],
  ['Barclays Center', 'Brooklyn', 'America/New_York', 'NY'],
  ['Red Rocks Amphitheatre', 'Morrison', 'America/Denver', 'CO'],
  ['Ryman Auditorium', 'Nashville', 'America/Chicago', 'TN'],
  ['Bridgestone Arena', 'Nashville', 'America/Chicago', 'TN'],
  ['Hollywood Bowl', 'Los Angeles', 'America/Los_Angeles', 'CA'],
  ['Greek Theatre', 'Los Angeles', 'America/Los_Angeles', 'CA'],
  ['Crypto.com Arena', 'Los Angeles', 'America/Los_Angeles', 'CA'],
  ['The Fillmore', 'San Francisco', 'America/Los_Angeles', 'CA'],
  ['Chase Center', 'San Francisco', 'America/Los_Angeles', 'CA'],
  ['United Center', 'Chicago', 'America/Chicago', 'IL'],
  ['Wrigley Field', 'Chicago', 'America/Chicago', 'IL'],
  ['The Chicago Theatre', 'Chicago', 'America/Chicago', 'IL'],
  ['TD Garden', 'Boston', 'America/New_York', 'MA'],
  ['Fenway Park', 'Boston', 'America/New_York', 'MA'],
  ['Capital One Arena', 'Washington', 'America/New_York', 'DC'],
  ['The Anthem', 'Washington', 'America/New_York', 'DC'],
  ['State Farm Arena', 'Atlanta', 'America/New_York', 'GA'],
  ['Fox Theatre', 'Atlanta', 'America/New_York', 'GA'],
  ['Moody Center', 'Austin', 'America/Chicago', 'TX'],
  ['Zilker Park', 'Austin', 'America/Chicago', 'TX'],
  ['Toyota Center', 'Houston', 'America/Chicago', 'TX'],
  ['American Airlines Center', 'Dallas', 'America/Chicago', 'TX'],
  ['Climate Pledge Arena', 'Seattle', 'America/Los_Angeles', 'WA'],
  ['The Gorge Amphitheatre', 'George', 'America/Los_Angeles', 'WA'],
  ['Ball Arena', 'Denver', 'America/Denver', 'CO'],
  ['Kaseya Center', 'Miami', 'America/New_York', 'FL'],
  ['Xcel Energy Center', 'Saint Paul', 'America/Chicago', 'MN'],
  ['Wells Fargo Center', 'Philadelphia', 'America/New_York', 'PA'],
];

/** Each venue's street line and postal code (decision 0093): the page's address and its map link. */
const ADDRESSES: Record<string, [street: string, postalCode: string]> = {
  'Madison Square Garden': ['4 Pennsylvania Plaza', '10001'],
  'Radio City Music Hall': ['1260 6th Ave', '10020'],
  'Barclays Center': ['620 Atlantic Ave', '11217'],
  'Red Rocks Amphitheatre': ['18300 W Alameda Pkwy', '80465'],
  'Ryman Auditorium': ['116 5th Ave N', '37219'],
  'Bridgestone Arena': ['501 Broadway', '37203'],
  'Hollywood Bowl': ['2301 N Highland Ave', '90068'],
  'Greek Theatre': ['2700 N Vermont Ave', '90027'],
  'Crypto.com Arena': ['1111 S Figueroa St', '90015'],
  'The Fillmore': ['1805 Geary Blvd', '94115'],
  'Chase Center': ['1 Warriors Way', '94158'],
  'United Center': ['1901 W Madison St', '60612'],
  'Wrigley Field': ['1060 W Addison St', '60613'],
  'The Chicago Theatre': ['175 N State St', '60601'],
  'TD Garden': ['100 Legends Way', '02114'],
  'Fenway Park': ['4 Jersey St', '02215'],
  'Capital One Arena': ['601 F St NW', '20004'],
  'The Anthem': ['901 Wharf St SW', '20024'],
  'State Farm Arena': ['1 State Farm Dr', '30303'],
  'Fox Theatre': ['660 Peachtree St NE', '30308'],
  'Moody Center': ['2001 Robert Dedman Dr', '78712'],
  'Zilker Park': ['2100 Barton Springs Rd', '78746'],
  'Toyota Center': ['1510 Polk St', '77002'],
  'American Airlines Center': ['2500 Victory Ave', '75219'],
  'Climate Pledge Arena': ['334 1st Ave N', '98109'],
  'The Gorge Amphitheatre': ['754 Silica Rd NW', '98848'],
  'Ball Arena': ['1000 Chopper Cir', '80204'],
  'Kaseya Center': ['601 Biscayne Blvd', '33132'],
  'Xcel Energy Center': ['199 W Kellogg Blvd', '55102'],
  'Wells Fargo Center': ['3601 S Broad St', '19148'],
  '3Arena': ['North Wall Quay', 'D01 T0X4'],
  'Vicar Street': ['58-59 Thomas St', 'D08 AY72'],
  'Forest National': ['Avenue Victor Rousseau 208', '1190'],
  'Eventim Apollo': ['45 Queen Caroline St', 'W6 9QH'],
};

function addressOf(name: string): Pick<CatalogVenue, 'streetAddress' | 'postalCode'> {
  const [streetAddress, postalCode] = ADDRESSES[name] ?? [null, null];
  return { streetAddress, postalCode };
}

/**
 * A concert's start, the evening hours shows keep (7 to 8:30 PM), with doors an hour before for most; a few
 * have no time announced yet, as real catalogs do (decision 0093).
 */
function concertTimes(index: number): Pick<CatalogEvent, 'startTime' | 'doorsTime'> {
  if (index % 23 === 11) return { startTime: null, doorsTime: null };
  const start = pick(['19:00', '19:30', '20:00', '20:30'], index);
  const hour = Number(start.slice(0, 2));
  return { startTime: start, doorsTime: index % 6 === 4 ? null : `${hour - 1}${start.slice(2)}` };
}

/**
 * Venues abroad (decision 0084), so the price caps of their countries are seen in the demo: Ireland and
 * Belgium cap resale at the original price, the UK does not. Their shows are listed in US dollars.
 */
const VENUES_ABROAD: [name: string, city: string, timeZone: string, country: string][] = [
  ['3Arena', 'Dublin', 'Europe/Dublin', 'IE'],
  ['Vicar Street', 'Dublin', 'Europe/Dublin', 'IE'],
  ['Forest National', 'Brussels', 'Europe/Brussels', 'BE'],
  ['Eventim Apollo', 'London', 'Europe/London', 'GB'],
];
/** Shows abroad, a venue of VENUES_ABROAD in turn, every 17 days. */
const SHOWS_ABROAD = 8;

const FESTIVALS: [name: string, venueIndex: number, days: number][] = [
  ['Riverbend Music Festival', 21, 3],
  ['Mile High Sound Weekend', 3, 2],
  ['Golden Coast Festival', 6, 3],
  ['Lakeshore Lights Fest', 12, 2],
  ['Cascade Echoes Festival', 25, 3],
  ['Magnolia Roots Weekend', 4, 2],
  ['Harborfront Beats', 27, 2],
  ['Liberty Bell Jams', 29, 2],
];

const SINGLE_EVENTS = 160;
const SPAN_DAYS = 180;
const DAY_MS = 86_400_000;

const PALETTE = ['#7c3aed', '#db2777', '#ea580c', '#16a34a', '#0891b2', '#2563eb', '#ca8a04', '#9333ea'];

/** A self-contained SVG (a data: URL, no network) with the artist's initials on a colour. */
function placeholderImage(name: string, index: number): string {
  const initials = name
    .replace(/^The /, '')
    .split(/[\s&]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  const colour = PALETTE[index % PALETTE.length] ?? '#7c3aed';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="90" viewBox="0 0 160 90">` +
    `<rect width="160" height="90" fill="${colour}"/>` +
    `<text x="80" y="56" font-family="sans-serif" font-size="32" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(isoDate) + days * DAY_MS).toISOString().slice(0, 10);
}

function seedArtists(): CatalogArtist[] {
  return ARTISTS.map(([name, genres], index) => ({
    externalId: `seed-artist-${pad(index + 1, 2)}`,
    name,
    imageUrl: placeholderImage(name, index),
    genres,
    infoUrl: null,
  }));
}

function seedVenues(): CatalogVenue[] {
  return VENUES.map(([name, city, timeZone, state], index) => ({
    externalId: `seed-venue-${pad(index + 1, 2)}`,
    name,
    city,
    timeZone,
    country: 'US',
    region: state,
    ...addressOf(name),
  }));
}

function seedVenuesAbroad(): CatalogVenue[] {
  return VENUES_ABROAD.map(([name, city, timeZone, country], index) => ({
    externalId: `seed-venue-abroad-${pad(index + 1, 2)}`,
    name,
    city,
    timeZone,
    country,
    region: null,
    ...addressOf(name),
  }));
}

function pick<T>(list: T[], index: number): T {
  const item = list[index % list.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/**
 * The catalog as of `today` (yyyy-MM-dd): 160 concerts and 8 festivals in the US and 8 shows in Ireland,
 * Belgium and the UK, over the next ~6 months.
 */
export function buildSeedCatalog(today: string): CatalogEvent[] {
  const artists = seedArtists();
  const venues = seedVenues();
  const catalog: CatalogEvent[] = [];
  for (let index = 0; index < SINGLE_EVENTS; index += 1) {
    // 7 and 11 are coprime with 40 and 30, so the tours visit every venue over time.
    const headliner = pick(artists, index * 7);
    const tour = pick(ARTISTS, index * 7)[2];
    const support = pick(artists, index * 7 + 13);
    const venue = pick(venues, index * 11 + Math.floor(index / 30));
    const date = addDays(today, 2 + Math.floor((index * (SPAN_DAYS - 10)) / SINGLE_EVENTS));
    const style = index % 5;
    const name =
      style === 0
        ? `${headliner.name}: ${tour} Tour`
        : style === 1
          ? `${headliner.name} - ${tour} Tour`
          : style === 2
            ? `${headliner.name} with ${support.name}`
            : style === 3
              ? `${headliner.name} at ${venue.name}`
              : `An Evening with ${headliner.name}`;
    catalog.push({
      externalId: `seed-event-${pad(index + 1, 3)}`,
      name,
      date,
      daysCount: 1,
      ...concertTimes(index),
      venue,
      artists: style === 2 ? [headliner, support] : [headliner],
    });
  }
  FESTIVALS.forEach(([festival, venueIndex, days], index) => {
    const date = addDays(today, 14 + index * 21);
    const lineup = [0, 1, 2, 3, 4].map((slot) => pick(artists, index * 5 + slot * 3 + 1));
    catalog.push({
      externalId: `seed-event-${pad(SINGLE_EVENTS + index + 1, 3)}`,
      name: `${festival} ${date.slice(0, 4)}`,
      date,
      daysCount: days,
      startTime: '12:00',
      doorsTime: '11:00',
      venue: pick(venues, venueIndex),
      artists: lineup,
    });
  });
  const abroad = seedVenuesAbroad();
  for (let index = 0; index < SHOWS_ABROAD; index += 1) {
    const headliner = pick(artists, index * 3 + 2);
    const venue = pick(abroad, index);
    catalog.push({
      externalId: `seed-event-abroad-${pad(index + 1, 2)}`,
      name: `${headliner.name} in ${venue.city}`,
      date: addDays(today, 5 + index * 17),
      daysCount: 1,
      startTime: '19:30',
      doorsTime: '18:30',
      venue,
      artists: [headliner],
    });
  }
  return catalog;
}

export async function seedCatalog(db: Db): Promise<void> {
  await upsertCatalog(db, buildSeedCatalog(new Date().toISOString().slice(0, 10)));
}
