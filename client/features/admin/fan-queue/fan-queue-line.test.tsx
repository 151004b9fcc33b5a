import { type FetchCall, fakeApi, json } from '@client/lib/test-fetch';
import type { AdminFanQueue, AdminFanQueueEntry } from '@common/schemas/fan-queue';
import { FAN_QUEUE_TEXT } from '@common/texts/fan-queue';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../reviews/test-fixtures';
import { EventsTab } from '../components/events-tab';
import { adminEvent, page, renderWithClient } from '../test-fixtures';
import { FanQueueLine } from './fan-queue-line';

beforeAll(installDomShims);
afterEach(() => {
  vi.unstubAllGlobals();
});

const SHOW = 'Harbor Lights Festival';

const entry = (overrides: Partial<AdminFanQueueEntry> = {}): AdminFanQueueEntry => ({
  id: 21,
  userId: 7,
  username: 'maya',
  quantity: 2,
  maxPriceCents: 9_250,
  status: 'waiting',
  position: 1,
  joinedAt: '2030-03-01T12:00:00.000Z',
  offer: null,
  ...overrides,
});

const line = (entries: AdminFanQueueEntry[], overrides: Partial<AdminFanQueue> = {}): AdminFanQueue => ({
  eventId: 3,
  eventName: SHOW,
  eventDate: '2030-06-01',
  waiting: entries.filter((row) => row.status === 'waiting').length,
  offered: entries.filter((row) => row.status === 'offered').length,
  throughQueueTickets: 4,
  entries,
  page: 1,
  pageSize: 25,
  total: entries.length,
  ...overrides,
});

const twoInLine = [
  entry(),
  entry({
    id: 22,
    userId: 8,
    username: 'jordan',
    status: 'offered',
    position: null,
    offer: { ticketId: 555, expiresAt: '2030-03-01T12:10:00.000Z' },
  }),
];

/** The line's calls: its GET answered by `answer` (by page), a DELETE by `removal`. */
function serveLine(answer: (page: number) => AdminFanQueue, removal?: (call: FetchCall) => Response) {
  return fakeApi((call) => {
    const listed = /^\/api\/admin\/events\/3\/fan-queue\?page=(\d+)&pageSize=25$/.exec(call.url);
    if (listed && call.method === 'GET') return json(200, answer(Number(listed[1])));
    if (removal && call.method === 'DELETE') return removal(call);
    if (call.url.startsWith('/api/admin/events?'))
      return json(200, { ...page([adminEvent()]), events: [adminEvent()] });
    return json(404, { message: `unexpected ${call.method} ${call.url}` });
  });
}

async function openRemoval(username: string) {
  const table = await screen.findByRole('table', { name: FAN_QUEUE_TEXT.adminCaption(SHOW) });
  await userEvent.click(within(table).getByRole('button', { name: FAN_QUEUE_TEXT.removeLabel(username) }));
  return screen.findByRole('dialog', { name: FAN_QUEUE_TEXT.removeTitle });
}

describe('FanQueueLine', () => {
  it('lists the show’s line in order with places, usernames and open offers, and pages through it', async () => {
    const calls = serveLine((asked) =>
      asked === 1
        ? line(twoInLine, { total: 26, waiting: 25 })
        : line([entry({ id: 40, username: 'last', position: 25 })], { page: 2, total: 26, waiting: 25 }),
    );
    renderWithClient(<FanQueueLine eventId={3} eventName={SHOW} />);
    const table = await screen.findByRole('table', { name: FAN_QUEUE_TEXT.adminCaption(SHOW) });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Place', 'Member', 'Tickets', 'Max price', 'Status', 'Joined', 'Open offer', 'Actions']);
    const [, first, second] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(first as HTMLElement).getByRole('rowheader')).toHaveTextContent('maya');
    expect(first).toHaveTextContent(`1maya2$92.50${FAN_QUEUE_TEXT.statusWaiting}Mar 1, 2030—`);
    expect(second).toHaveTextContent(`—jordan`);
    expect(second).toHaveTextContent(FAN_QUEUE_TEXT.statusOffered);
    expect(second).toHaveTextContent(/Ticket #555 until March 1, 2030 \d{1,2}:10 (AM|PM)/);
    expect(screen.getByText(FAN_QUEUE_TEXT.adminCounts(25, 1, 4))).toBeInTheDocument();
    expect(screen.getByText(FAN_QUEUE_TEXT.adminPageOf(1, 2))).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: FAN_QUEUE_TEXT.nextPage }));
    expect(await screen.findByRole('rowheader', { name: 'last' })).toBeInTheDocument();
    expect(screen.getByText(FAN_QUEUE_TEXT.adminPageOf(2, 2))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: FAN_QUEUE_TEXT.nextPage })).toBeDisabled();
    expect(calls.map((call) => call.url)).toEqual([
      '/api/admin/events/3/fan-queue?page=1&pageSize=25',
      '/api/admin/events/3/fan-queue?page=2&pageSize=25',
    ]);
  });

  it('says so when nobody is in line', async () => {
    serveLine(() => line([]));
    renderWithClient(<FanQueueLine eventId={3} eventName={SHOW} />);
    expect(await screen.findByText(FAN_QUEUE_TEXT.adminEmpty)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText(FAN_QUEUE_TEXT.adminCounts(0, 0, 4))).toBeInTheDocument();
  });

  it('asks for a reason and says what is wrong with it before sending anything', async () => {
    const calls = serveLine(() => line(twoInLine));
    renderWithClient(<FanQueueLine eventId={3} eventName={SHOW} />);
    const dialog = await openRemoval('maya');
    expect(dialog).toHaveTextContent(FAN_QUEUE_TEXT.removeDescription('maya', SHOW));
    const reason = within(dialog).getByLabelText(FAN_QUEUE_TEXT.removeReasonLabel);
    const confirm = within(dialog).getByRole('button', { name: FAN_QUEUE_TEXT.removeConfirm });

    await userEvent.click(confirm);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(FAN_QUEUE_TEXT.removeReasonRequired);
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(FAN_QUEUE_TEXT.removeReasonRequired);

    await userEvent.type(reason, 'ab');
    await userEvent.click(confirm);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(FAN_QUEUE_TEXT.removeReasonTooShort);
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    // Go Back closes it with nothing removed.
    await userEvent.click(within(dialog).getByRole('button', { name: FAN_QUEUE_TEXT.removeCancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
  });

  it('removes an entry with its reason, says so and loads the line again', async () => {
    let removed = false;
    const calls = serveLine(
      () => line(removed ? twoInLine.slice(1) : twoInLine),
      () => {
        removed = true;
        return json(200, { message: FAN_QUEUE_TEXT.removed('maya') });
      },
    );
    renderWithClient(<FanQueueLine eventId={3} eventName={SHOW} />);
    const dialog = await openRemoval('maya');
    await userEvent.type(
      within(dialog).getByLabelText(FAN_QUEUE_TEXT.removeReasonLabel),
      '  Several accounts, one card ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: FAN_QUEUE_TEXT.removeConfirm }));

    expect(await screen.findByText(FAN_QUEUE_TEXT.removed('maya'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'maya' })).not.toBeInTheDocument());
    expect(screen.getByRole('rowheader', { name: 'jordan' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: '/api/admin/fan-queue/21', body: { reason: 'Several accounts, one card' } },
    ]);
  });

  it('shows the server’s word on a refused reason under the field', async () => {
    serveLine(
      () => line(twoInLine),
      () => json(400, { message: 'This text must be one line without control characters' }),
    );
    renderWithClient(<FanQueueLine eventId={3} eventName={SHOW} />);
    const dialog = await openRemoval('maya');
    await userEvent.type(within(dialog).getByLabelText(FAN_QUEUE_TEXT.removeReasonLabel), 'Reselling');
    await userEvent.click(within(dialog).getByRole('button', { name: FAN_QUEUE_TEXT.removeConfirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This text must be one line without control characters',
    );
  });
});

describe('the events tab’s Fan Queue', () => {
  it('opens a show’s line from its row', async () => {
    serveLine(() => line(twoInLine));
    renderWithClient(<EventsTab />);
    await userEvent.click(await screen.findByRole('button', { name: FAN_QUEUE_TEXT.adminOpenLabel(SHOW) }));
    const dialog = await screen.findByRole('dialog', { name: FAN_QUEUE_TEXT.adminTitle(SHOW) });
    expect(
      await within(dialog).findByRole('table', { name: FAN_QUEUE_TEXT.adminCaption(SHOW) }),
    ).toBeInTheDocument();
  });
});
