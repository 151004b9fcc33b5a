import { Toaster } from '@client/components/ui/toaster';
import { createQueryClient } from '@client/lib/query-client';
import { json } from '@client/lib/test-fetch';
import { MESSAGE_TEXT, PAYOUT_TEXT, SALE_STATE_TEXT } from '@common/messages';
import type { TicketMessage } from '@common/schemas/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { toast as sonner } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageThread } from './message-thread';

const VIEWER = 7;
const OTHER = 8;

/** A thread answered in memory the way the server does: ?after deltas, ETag and 304. */
function fakeServer(initial: TicketMessage[] = []) {
  const state = {
    messages: [...initial],
    requests: [] as { method: string; url: string; ifNoneMatch: string | null; body: unknown }[],
    failRead: null as null | { status: number; message: string },
    failSend: null as null | { status: number; message: string },
  };
  const tag = () => `"t1-m${state.messages.at(-1)?.id ?? 0}"`;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const headers = new Headers(init.headers);
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : null;
      state.requests.push({ method, url: input, ifNoneMatch: headers.get('if-none-match'), body });
      const url = new URL(input, 'http://localhost');
      if (url.pathname !== '/api/tickets/1/messages') return json(404, { message: 'Not found' });
      if (method === 'POST') {
        if (state.failSend) return json(state.failSend.status, { message: state.failSend.message });
        const message: TicketMessage = {
          id: (state.messages.at(-1)?.id ?? 0) + 1,
          content: body.content,
          messageType: 'user',
          senderId: VIEWER,
          sender: { username: 'me' },
          createdAt: new Date().toISOString(),
        };
        state.messages.push(message);
        return json(201, message);
      }
      if (state.failRead) return json(state.failRead.status, { message: state.failRead.message });
      if (headers.get('if-none-match') === tag()) return new Response(null, { status: 304 });
      const after = url.searchParams.get('after');
      const list = after === null ? state.messages : state.messages.filter((m) => m.id > Number(after));
      return json(200, list, { etag: tag() });
    }),
  );
  return state;
}

const at = (hour: number, minute: number) => new Date(2030, 0, 5, hour, minute).toISOString();

const message = (id: number, overrides: Partial<TicketMessage> = {}): TicketMessage => ({
  id,
  content: `message ${id}`,
  messageType: 'user',
  senderId: OTHER,
  sender: { username: 'seller_sam' },
  createdAt: at(15, 4),
  ...overrides,
});

function renderThread({
  closed = false,
  onSystemNote,
}: {
  closed?: boolean;
  onSystemNote?: () => void;
} = {}) {
  const queryClient = createQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <MessageThread ticketId={1} viewerId={VIEWER} closed={closed} onSystemNote={onSystemNote} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, invalidate };
}

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
});
afterEach(() => {
  vi.unstubAllGlobals();
  sonner.dismiss();
});

describe('MessageThread', () => {
  it('shows a closed thread of a refunded sale without a way to write', async () => {
    server.messages.push(message(1, { content: 'Are you sending them?' }));
    renderThread({ closed: true });
    expect(await screen.findByText('Are you sending them?')).toBeInTheDocument();
    expect(screen.getByText(SALE_STATE_TEXT.threadClosed)).toBeInTheDocument();
    expect(screen.queryByPlaceholderText(MESSAGE_TEXT.placeholder)).toBeNull();
    expect(screen.queryByRole('button', { name: MESSAGE_TEXT.send })).toBeNull();
  });

  it('shows the empty text, the placeholder, and keeps Send disabled while the text is blank', async () => {
    const { user } = renderThread();
    expect(await screen.findByText(MESSAGE_TEXT.empty)).toBeInTheDocument();
    const input = screen.getByPlaceholderText(MESSAGE_TEXT.placeholder);
    expect(input).toHaveAttribute('maxlength', '500');
    const send = screen.getByRole('button', { name: MESSAGE_TEXT.send });
    expect(send).toBeDisabled();
    await user.type(input, '   ');
    expect(send).toBeDisabled();
    await user.type(input, 'hi');
    expect(send).toBeEnabled();
    expect(screen.getByRole('log')).toHaveClass('h-[300px]', 'overflow-y-auto');
  });

  it('styles system, own and other messages, with sender, content and time like Jan 5, 3:04 PM', async () => {
    server.messages.push(
      message(1, { messageType: 'system', senderId: null, sender: null, content: 'Transfer initiated' }),
      message(2, { senderId: VIEWER, sender: { username: 'me' }, content: 'Mine', createdAt: at(9, 30) }),
      message(3, { content: '<script>alert("x")</script>' }),
    );
    renderThread();
    const bubbles = await screen.findAllByTestId('message');
    expect(bubbles.map((bubble) => bubble.dataset.kind)).toEqual(['system', 'own', 'other']);
    const [system, own, other] = bubbles as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(system).getByText(MESSAGE_TEXT.systemSender)).toBeInTheDocument();
    expect(system).toHaveClass('bg-warning-soft');
    expect(within(system).getByText('Jan 5, 3:04 PM')).toBeInTheDocument();
    expect(own).toHaveClass('bg-info');
    expect(own.parentElement).toHaveClass('justify-end');
    expect(within(own).getByText('me')).toBeInTheDocument();
    expect(within(own).getByText('Jan 5, 9:30 AM')).toBeInTheDocument();
    expect(other).toHaveClass('bg-muted');
    expect(other.parentElement).toHaveClass('justify-start');
    expect(within(other).getByText('seller_sam')).toBeInTheDocument();
    // Markup in a message is text on screen, never an element.
    expect(within(other).getByText('<script>alert("x")</script>')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
  });

  it("shows the UTC times an older system note stored as a readable date in the viewer's zone", async () => {
    const deadline = new Date('2027-01-01T00:00:00Z');
    server.messages.push(
      message(1, {
        messageType: 'system',
        senderId: null,
        sender: null,
        content: 'Ticket sold. The seller must transfer the ticket by 2027-01-01 00:00 UTC; otherwise...',
      }),
    );
    renderThread();
    const [note] = await screen.findAllByTestId('message');
    expect(note).not.toHaveTextContent('2027-01-01 00:00 UTC');
    const readable = `${format(deadline, 'EEE, MMM d, yyyy, h:mm a')}`;
    expect(note).toHaveTextContent(`The seller must transfer the ticket by ${readable}`);
    expect(note?.querySelector('time[datetime="2027-01-01T00:00:00Z"]')).toHaveTextContent(readable);
  });

  it("shows a note's deadline in the venue's time as the server wrote it", async () => {
    const content = PAYOUT_TEXT.systemSold('Thursday, December 31, 2026 at 12:00 AM PST');
    server.messages.push(message(1, { messageType: 'system', senderId: null, sender: null, content }));
    renderThread();
    const [note] = await screen.findAllByTestId('message');
    expect(note).toHaveTextContent(content);
  });

  it('tells the page when a system note arrives, so the card can catch up with the thread', async () => {
    server.messages.push(message(1, { content: 'When will you send them?' }));
    const onSystemNote = vi.fn();
    renderThread({ onSystemNote });
    await screen.findByText('When will you send them?');
    expect(onSystemNote).not.toHaveBeenCalled();
    server.messages.push(
      message(2, {
        messageType: 'system',
        senderId: null,
        sender: null,
        content: 'The seller has initiated the ticket transfer.',
      }),
    );
    expect(
      await screen.findByText('The seller has initiated the ticket transfer.', {}, { timeout: 7_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(onSystemNote).toHaveBeenCalledTimes(1));
    server.messages.push(message(3, { content: 'Got them, thanks' }));
    expect(await screen.findByText('Got them, thanks', {}, { timeout: 7_000 })).toBeInTheDocument();
    expect(onSystemNote).toHaveBeenCalledTimes(1);
  }, 20_000);

  it('sends the trimmed text, clears the box and fetches only what is new', async () => {
    server.messages.push(message(1));
    const { user, invalidate } = renderThread();
    await screen.findByText('message 1');
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['notifications'] }));
    const input = screen.getByPlaceholderText(MESSAGE_TEXT.placeholder);
    await user.type(input, '  On my way  ');
    await user.click(screen.getByRole('button', { name: MESSAGE_TEXT.send }));
    expect(await screen.findByText('On my way')).toBeInTheDocument();
    expect(input).toHaveValue('');
    const post = server.requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({ content: 'On my way' });
    const refresh = server.requests.filter((request) => request.method === 'GET').at(-1);
    expect(refresh?.url).toBe('/api/tickets/1/messages?after=1');
    expect(refresh?.ifNoneMatch).toBe('"t1-m1"');
  });

  it('sends with Enter and adds a line with Shift+Enter', async () => {
    const { user } = renderThread();
    await screen.findByText(MESSAGE_TEXT.empty);
    const input = screen.getByPlaceholderText(MESSAGE_TEXT.placeholder);
    await user.type(input, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(input).toHaveValue('line one\nline two');
    await user.type(input, '{Enter}');
    await waitFor(() => expect(server.messages).toHaveLength(1));
    expect(server.messages[0]?.content).toBe('line one\nline two');
  });

  it('polls every 5 seconds, keeping the thread when the server answers 304', async () => {
    server.messages.push(message(1));
    renderThread();
    await screen.findByText('message 1');
    await waitFor(() =>
      expect(server.requests.some((request) => request.ifNoneMatch === '"t1-m1"')).toBe(true),
    );
    expect(screen.getByText('message 1')).toBeInTheDocument();
    server.messages.push(message(2, { content: 'A new one' }));
    expect(await screen.findByText('A new one')).toBeInTheDocument();
    expect(screen.getAllByTestId('message')).toHaveLength(2);
  }, 20_000);

  it('shows the fetch failure with the server text, and a send failure as an Error toast', async () => {
    server.failRead = { status: 404, message: 'Ticket not found' };
    const { user } = renderThread();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch messages: Ticket not found');
    server.failSend = { status: 400, message: 'Message cannot exceed 500 characters' };
    await user.type(screen.getByPlaceholderText(MESSAGE_TEXT.placeholder), 'hello');
    await user.click(screen.getByRole('button', { name: MESSAGE_TEXT.send }));
    expect(await screen.findByText(MESSAGE_TEXT.errorTitle)).toBeInTheDocument();
    expect(screen.getByText('Message cannot exceed 500 characters')).toBeInTheDocument();
    expect(screen.getByPlaceholderText(MESSAGE_TEXT.placeholder)).toHaveValue('hello');
  });

  it('stops polling a thread the server refuses (4xx)', async () => {
    server.failRead = { status: 404, message: 'Ticket not found' };
    renderThread();
    await screen.findByRole('alert');
    const reads = () => server.requests.filter((request) => request.method === 'GET').length;
    const refused = reads();
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    expect(reads()).toBe(refused);
  }, 15_000);
});
