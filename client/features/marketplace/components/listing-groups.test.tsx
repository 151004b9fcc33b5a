import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { groupByEvent } from '../card-rules';
import { marketTicket } from '../test-fixtures';
import { ListingGroups } from './listing-groups';

const NOW = Date.parse('2027-01-01T12:00:00Z');
const USER = {
  id: 5,
  username: 'jordan',
  email: 'jordan@example.com',
} as Parameters<typeof ListingGroups>[0]['user'];

const TOUR = 'DJ Solstice: Longest Night Tour';
const fenway = marketTicket({
  id: 1,
  eventId: 40,
  eventName: TOUR,
  eventDate: '2026-12-14',
  venue: 'Fenway Park',
});
const fox = marketTicket({
  id: 2,
  eventId: 41,
  eventName: TOUR,
  eventDate: '2027-04-21',
  venue: 'Fox Theatre',
});
const fenwayAgain = marketTicket({ ...fenway, id: 3 });

function renderGroups(tickets: ReturnType<typeof marketTicket>[]) {
  render(
    <MemoryRouter>
      <ListingGroups
        groups={groupByEvent(tickets)}
        user={USER}
        now={NOW}
        openingId={null}
        onViewDetails={() => undefined}
      />
    </MemoryRouter>,
  );
  return screen.getAllByTestId('listing-group');
}

describe('ListingGroups: one show, one group', () => {
  it('keeps two shows of one name apart, each heading naming its date and venue and linking its event page', () => {
    const groups = renderGroups([fenway, fox, fenwayAgain]);
    expect(groups).toHaveLength(2);
    const [first, second] = groups as [HTMLElement, HTMLElement];
    expect(within(first).getAllByTestId(/^ticket-card-/)).toHaveLength(2);
    expect(within(first).getByTestId('show-days')).toHaveTextContent('Mon, Dec 14, 2026');
    expect(within(first).getByTestId('show-venue')).toHaveTextContent('Fenway Park');
    expect(
      within(within(first).getByRole('heading', { level: 2 })).getByRole('link', { name: TOUR }),
    ).toHaveAttribute('href', '/events/40-dj-solstice-longest-night-tour');
    expect(within(second).getByTestId('show-days')).toHaveTextContent('Wed, Apr 21, 2027');
    expect(within(second).getByTestId('show-venue')).toHaveTextContent('Fox Theatre');
    expect(
      within(within(second).getByRole('heading', { level: 2 })).getByRole('link', { name: TOUR }),
    ).toHaveAttribute('href', '/events/41-dj-solstice-longest-night-tour');
    expect(screen.getByRole('region', { name: `${TOUR}, Mon, Dec 14, 2026, Fenway Park` })).toBe(first);
  });

  it("shows a multi-day event's range of days", () => {
    const [group] = renderGroups([marketTicket({ eventDate: '2027-07-03', daysCount: 3 })]);
    expect(within(group as HTMLElement).getByTestId('show-days')).toHaveTextContent(
      'Sat, Jul 3, 2027 – Mon, Jul 5, 2027',
    );
  });

  it('groups listings without a catalog event by name, date and venue, with an unlinked heading', () => {
    const manual = { eventId: null, eventName: 'Garage Night' };
    const groups = renderGroups([
      marketTicket({ ...manual, id: 1, eventDate: '2027-02-01', venue: 'The Shed' }),
      marketTicket({ ...manual, id: 2, eventDate: '2027-02-01', venue: 'The Shed' }),
      marketTicket({ ...manual, id: 3, eventDate: '2027-02-08', venue: 'The Shed' }),
      marketTicket({ ...manual, id: 4, eventDate: '2027-02-01', venue: 'Cellar Bar' }),
    ]);
    expect(groups.map((group) => within(group).getAllByTestId(/^ticket-card-/).length)).toEqual([2, 1, 1]);
    expect(screen.queryByRole('link', { name: 'Garage Night' })).toBeNull();
  });
});
