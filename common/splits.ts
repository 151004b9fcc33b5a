/**
 * How a listing of several tickets may sell (decision 0062), as on Vivid Seats: any quantity, any quantity
 * that does not leave the seller a single ticket (the default), or all together. The server decides with
 * these functions and the same rule in SQL (server/modules/tickets/splits.ts).
 */
export const SPLIT_RULES = ['any', 'no_single', 'all'] as const;
export type SplitRule = (typeof SPLIT_RULES)[number];
export const DEFAULT_SPLIT_RULE: SplitRule = 'no_single';

export const SPLIT_RULE_LABELS: Record<SplitRule, string> = {
  any: 'Any quantity',
  no_single: "Any quantity that doesn't leave a single ticket",
  all: 'All together',
};

/** The listing form's words under the seller's choice. */
export const SPLIT_RULE_FORM_HINT =
  'How many of these tickets one buyer may take. Each sale is paid out on its own.';

/** What a buyer is told about a listing's rule beside the quantity they choose; nothing for 'any'. */
export const SPLIT_RULE_BUYER_HINTS: Record<SplitRule, string | null> = {
  any: null,
  no_single: "The seller won't be left with a single ticket, so not every quantity is offered.",
  all: 'The seller sells these tickets together.',
};

/** Whether a buyer may take `wanted` of the `remaining` tickets a listing has on sale under `rule`. */
export function splitAllows(rule: SplitRule, remaining: number, wanted: number): boolean {
  if (!Number.isInteger(wanted) || wanted < 1 || wanted > remaining) return false;
  if (wanted === remaining) return true;
  if (rule === 'all') return false;
  return rule === 'any' || remaining - wanted !== 1;
}

/** Every quantity a buyer may take, smallest first. */
export function allowedQuantities(rule: SplitRule, remaining: number): number[] {
  const quantities: number[] = [];
  for (let wanted = 1; wanted <= remaining; wanted++)
    if (splitAllows(rule, remaining, wanted)) quantities.push(wanted);
  return quantities;
}

/** The quantity a buyer's dialog starts at: what they asked for where the rule allows it, else the whole listing. */
export function startingQuantity(rule: SplitRule, remaining: number, wanted: number | undefined): number {
  return wanted !== undefined && splitAllows(rule, remaining, wanted) ? wanted : remaining;
}

const SEAT_LIST = /^\s*\d{1,6}(?:\s*,\s*\d{1,6})*\s*$/;
const SEAT_RANGE = /^\s*(\d{1,6})\s*[-–]\s*(\d{1,6})\s*$/;

/** The seat numbers a seats text names one by one, or null when it is not a list or range of numbers. */
function seatNumbers(seats: string): number[] | null {
  const range = SEAT_RANGE.exec(seats);
  if (range) {
    const first = Number(range[1]);
    const last = Number(range[2]);
    if (last < first || last - first > 200) return null;
    return Array.from({ length: last - first + 1 }, (_, index) => first + index);
  }
  if (SEAT_LIST.test(seats)) return seats.split(',').map((seat) => Number(seat.trim()));
  return null;
}

function seatsText(numbers: number[]): string {
  const consecutive = numbers.every((seat, index) => index === 0 || seat === (numbers[index - 1] ?? 0) + 1);
  if (consecutive && numbers.length > 2) return `${numbers[0]}-${numbers[numbers.length - 1]}`;
  return numbers.join(', ');
}

/**
 * The seats a part of `taken` tickets gets and the seats the listing keeps: the first seats go to the
 * buyer (sitting together), when the seats text names exactly one seat per ticket. Otherwise both keep
 * the text as the seller wrote it, and the seller tells the buyer which seats at the transfer.
 */
export function splitSeats(seats: string, quantity: number, taken: number): { part: string; rest: string } {
  const numbers = seatNumbers(seats);
  if (!numbers || numbers.length !== quantity || taken >= quantity) return { part: seats, rest: seats };
  return { part: seatsText(numbers.slice(0, taken)), rest: seatsText(numbers.slice(taken)) };
}

/** "4", "2 or 4", "1, 2 or 4": the quantities a listing sells, for a sentence. */
export function quantitiesText(quantities: number[]): string {
  if (quantities.length <= 1) return quantities.join('');
  return `${quantities.slice(0, -1).join(', ')} or ${quantities[quantities.length - 1]}`;
}

/** The seats text of a listing once a part comes back: the seat numbers together again where both name them. */
export function joinSeats(listingSeats: string, partSeats: string): string {
  const listing = seatNumbers(listingSeats);
  const part = seatNumbers(partSeats);
  if (!listing || !part || listingSeats === partSeats) return listingSeats;
  return seatsText([...new Set([...part, ...listing])].sort((a, b) => a - b));
}
