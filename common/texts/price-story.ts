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
    faceValue: 'Face value',
    difference: 'Against face value',
    day: 'Day',
    median: 'Median all-in per ticket',
    sales: 'Sales',
  },
  legend: {
    above: 'All-in price above face value',
    atOrBelow: 'All-in price at or below face value',
    faceValue: 'Face value',
    soldMedian: 'Median sold price per ticket',
  },
  axis: { cheapest: 'Cheapest', dearest: 'Most expensive' },
} as const;
