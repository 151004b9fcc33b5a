/** The shared link of one listing: the marketplace opens the ticket named by its `ticket` parameter. */
export function ticketPath(ticketId: number): string {
  return `/?ticket=${ticketId}`;
}
