/**
 * The price story of a show (decision 0061): what its listings cost against face value, and what its sales
 * went for. The sentence's wording is built by common/price-story.ts from these parts.
 */
export const PRICE_STORY_TEXT = {
  eventNotFound: 'There is no event with this id.',
  title: 'Price story',
  noListings: 'No tickets are listed for this show right now.',
  noFaceValue: 'No listing on sale for this show gives a face value to compare with.',
  loading: 'Loading the price story…',
  loadFailed: 'The price story could not be loaded.',
  chartLabel: (count: number, sentence: string) =>
    `Chart of ${count} ${count === 1 ? 'listing' : 'listings'}' all-in prices per ticket against face value. ${sentence}`,
  soldChartLabel: (days: number) =>
    `Chart of the median all-in price per ticket sold, on ${days} ${days === 1 ? 'day' : 'days'}.`,
  showTable: 'Show as a table',
  hideTable: 'Hide the table',
  listingsCaption: 'Listings on sale, cheapest first',
  soldCaption: 'Sold tickets: median all-in price per ticket, by day',
  capped: (shown: number, total: number) => `The ${shown} cheapest of ${total} listings are shown.`,
  columns: {
    allIn: 'All-in per ticket',
    faceValue: 'Face value',
    difference: 'Against face value',
    day: 'Day',
    median: 'Median all-in per ticket',
    sales: 'Sales',
  },
  legend: {
    listing: 'A listing',
    faceValue: 'Its face value',
    soldMedian: 'Median sold price',
  },
} as const;
