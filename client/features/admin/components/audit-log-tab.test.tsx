import { fakeApi, json } from '@client/lib/test-fetch';
import type { AuditEntry } from '@common/schemas/admin-money';
import { AUDIT_TEXT } from '@common/texts/audit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../reviews/test-fixtures';
import { renderWithClient } from '../test-fixtures';
import { AuditLogTab } from './audit-log-tab';

beforeAll(installDomShims);
afterEach(() => {
  vi.unstubAllGlobals();
});

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  adminId: 3,
  adminName: 'Ada Admin',
  action: 'user.role',
  targetType: 'user',
  targetId: '7',
  before: null,
  after: null,
  createdAt: '2030-03-01T12:00:00.000Z',
  ...overrides,
});

const ENTRIES: AuditEntry[] = [
  entry({
    id: 5,
    action: 'support.status',
    targetType: 'support_message',
    targetId: '41',
    before: { status: 'pending' },
    after: { status: 'resolved' },
  }),
  entry({
    id: 4,
    action: 'order.refund',
    targetType: 'order',
    targetId: '12',
    before: { status: 'in_escrow', disputeStatus: null },
    after: { status: 'refunded', amountCents: 20747, reason: 'The seller asked us to cancel the sale.' },
  }),
  entry({
    id: 3,
    action: 'event.postpone',
    targetType: 'event',
    targetId: '9',
    before: { status: 'scheduled', date: '2030-05-01' },
    after: { status: 'postponed', date: '2030-06-01' },
  }),
  entry({
    id: 2,
    adminId: 8,
    adminName: 'Sam Ambassador',
    action: 'attendees.search',
    targetType: 'attendee_search',
    targetId: 'luna',
    after: { resultCount: 2, at: '2030-03-01T12:00:00.000Z' },
  }),
  entry({
    id: 1,
    action: 'users.list',
    targetType: 'admin_list',
    targetId: 'users',
    after: { search: 'maya', page: 1, ids: [7, 12] },
  }),
  entry({ id: 0, action: 'ticket.barcode', targetType: 'ticket', targetId: '33' }),
];

/** The term → definition pairs of a definition list, as text. */
function definitions(list: HTMLElement): [string, string][] {
  const terms = within(list).getAllByRole('term');
  return terms.map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']);
}

describe('AuditLogTab', () => {
  it('shows each entry’s action in words and its before and after as labelled fields, not JSON', async () => {
    const calls = fakeApi((call) =>
      call.url.startsWith('/api/admin/audit-log?')
        ? json(200, { entries: ENTRIES, page: 1, pageSize: 25, total: ENTRIES.length })
        : json(404, { message: `unexpected ${call.url}` }),
    );
    renderWithClient(<AuditLogTab />);
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    expect(await within(table).findByText('Support message #41')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Date', 'Admin', 'Action', 'Target', 'Details']);
    expect(calls.map((call) => call.url)).toEqual(['/api/admin/audit-log?page=1&pageSize=25&kind=changes']);

    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell');
    const detailsOf = (index: number) => definitions(cells(rows[index] as HTMLElement)[4] as HTMLElement);

    expect(cells(rows[0] as HTMLElement).map((cell) => cell.textContent)).toEqual([
      expect.stringMatching(/^March 1, 2030 \d{1,2}:\d{2} (AM|PM)$/),
      'Ada Admin (ID: 3)',
      'Changed a support message’s statussupport.status',
      'Support message #41',
      expect.any(String),
    ]);
    // A change reads "before → after", and a screen reader hears one sentence, "changed from … to …".
    const status = within(cells(rows[0] as HTMLElement)[4] as HTMLElement).getByRole('definition');
    expect(within(status).getByTestId('audit-change')).toHaveTextContent(/^pending → resolved$/);
    expect(within(status).getByTestId('audit-change')).toHaveAttribute('aria-hidden');
    expect(within(status).getByText(AUDIT_TEXT.changed('pending', 'resolved'))).toHaveClass('sr-only');
    expect(detailsOf(0)).toEqual([['Status:', 'pending → resolvedchanged from pending to resolved']]);

    // Money in dollars, words without underscores, nothing as 'none'.
    expect(detailsOf(1)).toEqual([
      ['Status:', 'in escrow → refundedchanged from in escrow to refunded'],
      ['Dispute status:', 'none'],
      ['Amount:', '$207.47'],
      ['Reason:', 'The seller asked us to cancel the sale.'],
    ]);
    // An event's day in words.
    expect(detailsOf(2)).toEqual([
      ['Status:', 'scheduled → postponedchanged from scheduled to postponed'],
      ['Date:', 'May 1, 2030 → June 1, 2030changed from May 1, 2030 to June 1, 2030'],
    ]);
    // A read: what was asked and shown; a time in words, ids as #n.
    expect(cells(rows[3] as HTMLElement)[3]?.textContent).toBe('Attendee search: luna');
    expect(detailsOf(3)).toEqual([
      ['Results:', '2'],
      ['Time:', expect.stringMatching(/^March 1, 2030 \d{1,2}:\d{2} (AM|PM)$/)],
    ]);
    expect(cells(rows[4] as HTMLElement)[3]?.textContent).toBe('List: users');
    expect(detailsOf(4)).toEqual([
      ['Search:', 'maya'],
      ['Page:', '1'],
      ['Rows shown (IDs):', '#7, #12'],
    ]);
    expect(
      cells(rows[5] as HTMLElement)
        .slice(2)
        .map((cell) => cell.textContent),
    ).toEqual(['Downloaded a paper ticket’s barcodeticket.barcode', 'Ticket #33', '—']);
    expect(table.textContent).not.toContain('{');
  });

  it('shows changes first, and views or both on request', async () => {
    const calls = fakeApi((call) =>
      call.url.startsWith('/api/admin/audit-log?')
        ? json(200, { entries: ENTRIES.slice(3), page: 1, pageSize: 25, total: 3 })
        : json(404, { message: `unexpected ${call.url}` }),
    );
    renderWithClient(<AuditLogTab />);
    const show = await screen.findByRole('combobox', { name: AUDIT_TEXT.kindLabel });
    expect(show).toHaveValue('changes');
    expect(
      within(show)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([AUDIT_TEXT.kinds.changes, AUDIT_TEXT.kinds.views, AUDIT_TEXT.kinds.all]);
    await userEvent.selectOptions(show, 'views');
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/admin/audit-log?page=1&pageSize=25&kind=views'));
    await userEvent.selectOptions(show, 'all');
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/admin/audit-log?page=1&pageSize=25'));
  });

  it('shows the same entries as labelled cards for a phone, one list item each', async () => {
    fakeApi(() => json(200, { entries: ENTRIES.slice(0, 2), page: 1, pageSize: 25, total: 2 }));
    vi.stubGlobal('matchMedia', (media: string) => ({
      media,
      matches: media.includes('max-width'),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    renderWithClient(<AuditLogTab />);
    const list = await screen.findByRole('list', { name: 'Audit entries' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = await within(list).findAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^Changed a support message’s status, March 1, 2030 /),
      expect.stringMatching(/^Refunded an order, March 1, 2030 /),
    ]);
    const lists = [...(cards[1] as HTMLElement).querySelectorAll('dl')];
    expect(lists).toHaveLength(2);
    const [facts, details] = lists as HTMLElement[];
    expect(definitions(facts as HTMLElement)).toEqual([
      ['Date:', expect.stringMatching(/^March 1, 2030 /)],
      ['Admin:', 'Ada Admin (ID: 3)'],
      ['Target:', 'Order #12'],
    ]);
    expect(definitions(details as HTMLElement)).toContainEqual(['Amount:', '$207.47']);
  });

  it("says 'No audit entries found.' when nothing was recorded", async () => {
    fakeApi(() => json(200, { entries: [], page: 1, pageSize: 25, total: 0 }));
    renderWithClient(<AuditLogTab />);
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    expect(await within(table).findByText('No audit entries found.')).toBeInTheDocument();
  });
});
