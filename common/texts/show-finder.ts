/** What the landing page and /home say around show search and the upcoming shows (decision 0092). */
export const SHOW_FINDER_TEXT = {
  title: 'Find a show',
  searchLabel: 'Search shows by name, artist, venue or city',
  searchPlaceholder: 'Artist, show, venue or city',
  tooShort: 'Type at least 3 characters to search.',
  searching: 'Searching…',
  failed: 'Search failed. Please try again.',
  noMatch: (query: string) => `No upcoming shows match “${query}”.`,
  found: (count: number) => (count === 1 ? '1 show found.' : `${count} shows found.`),
  resultsLabel: 'Search results',
  upcomingTitle: 'Upcoming shows',
  upcomingLoading: 'Loading upcoming shows…',
  upcomingNone: 'No upcoming shows yet.',
  from: (price: string) => `From ${price}`,
  noTickets: 'No tickets listed yet',
} as const;
