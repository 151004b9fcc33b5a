/**
 * The shared link of one listing: the marketplace opens the ticket named by its `ticket` parameter, for
 * `quantity` of its tickets when given (its quantity filter, decision 0062).
 */
export function ticketPath(ticketId: number, quantity?: number): string {
  return quantity === undefined ? `/?ticket=${ticketId}` : `/?ticket=${ticketId}&quantity=${quantity}`;
}
