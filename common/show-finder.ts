/** The query key of the upcoming shows on / and /home: the server puts their data in the page under it. */
export const UPCOMING_SHOWS_QUERY_KEY = ['concerts', 'upcoming'] as const;
