/**
 * The price story of a show (decisions 0061, 0073): what its listings cost against the original price (face
 * value plus the original fee), and what its sales went for. The sentence's wording is built by common/price-story.ts from these parts.
 */
export const PRICE_STORY_TEXT = {
  eventNotFound: 'There is no event with this id.',
  title: 'Price story',
  noListings: 'No tickets are listed for this show right now.',
  noOriginalPrice: 'No listing on sale for this show gives an original price to compare with.',
  loading: 'Loading the price story…',
  loadFailed: 'The price story could not be loaded.',
  chartLabel: (count: number, sentence: string) =>
    `Chart of ${count} ${count === 1 ? 'listing' : 'listings'}' all-in prices per ticket against the original price. ${sentence}`,
  soldChartLabel: (days: number, from: string, to: string) =>
    days === 1
      ? `Chart of the median all-in price per ticket sold on ${from}.`
      : `Chart of the median all-in price per ticket sold on ${days} days from ${from} to ${to}.`,
  showTable: 'Show as a table',
  hideTable: 'Hide the table',
  listingsCaption: 'Listings on sale, cheapest first',
  soldCaption: 'Sold tickets: median all-in price per ticket, by day',
  capped: (shown: number, total: number) => `The ${shown} cheapest of ${total} listings are shown.`,
  columns: {
    allIn: 'All-in per ticket',
    originalPrice: 'Original price',
    difference: 'Against the original price',
    day: 'Day',
    median: 'Median all-in per ticket',
    sales: 'Sales',
  },
  legend: {
    above: 'All-in price above the original price',
    atOrBelow: 'All-in price at or below the original price',
    originalPrice: 'Original price',
    soldMedian: 'Median sold price per ticket',
  },
  axis: { cheapest: 'Cheapest', dearest: 'Most expensive' },
} as const;
