import { Toaster } from '@client/components/ui/toaster';
import { createQueryClient } from '@client/lib/query-client';
import { type FetchCall, fakeApi, json } from '@client/lib/test-fetch';
import { WALLET_TEXT } from '@common/texts/wallet';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast as sonner } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShowLinks } from './show-links';

let calls: FetchCall[] = [];
let answers: Record<string, () => Response> = {};
let clicks: string[] = [];
let anchorClick: { mockRestore: () => void } | null = null;

const file = (type: string, name: string) => () =>
  new Response(new Uint8Array([1, 2, 3]), {
    status: 200,
    headers: { 'content-type': type, 'content-disposition': `attachment; filename="${name}"` },
  });

beforeEach(() => {
  answers = {
    'GET /api/wallets': () => json(200, { appleWallet: true, googleWallet: true }),
    'GET /api/tickets/4/calendar.ics': file('text/calendar', 'encore-ticket-4.ics'),
    'GET /api/tickets/4/wallet/apple': file('application/vnd.apple.pkpass', 'encore-ticket-4.pkpass'),
    'GET /api/tickets/4/wallet/google': () =>
      json(200, { saveUrl: 'https://pay.google.com/gp/v/save/header.claims.signature' }),
  };
  calls = fakeApi(
    ({ method, url }) => answers[`${method} ${url}`]?.() ?? json(404, { message: 'Not found' }),
  );
  URL.createObjectURL = vi.fn(() => 'blob:file');
  URL.revokeObjectURL = vi.fn();
  clicks = [];
  anchorClick = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicks.push(this.download);
  });
});
afterEach(() => {
  anchorClick?.mockRestore();
  vi.unstubAllGlobals();
  sonner.dismiss();
});

function renderLinks({ barcodeReady = true } = {}) {
  const openUrl = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ShowLinks ticketId={4} barcodeReady={barcodeReady} openUrl={openUrl} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, openUrl };
}

describe('ShowLinks', () => {
  it('offers the calendar and both wallets when the API says they are set up', async () => {
    renderLinks();
    expect(screen.getByRole('button', { name: WALLET_TEXT.addToCalendar })).toBeEnabled();
    expect(await screen.findByRole('button', { name: WALLET_TEXT.addToAppleWallet })).toBeEnabled();
    expect(screen.getByRole('button', { name: WALLET_TEXT.saveToGoogleWallet })).toBeEnabled();
    expect(screen.getByRole('region', { name: WALLET_TEXT.groupLabel })).toBeInTheDocument();
  });

  it('offers the calendar alone when no wallet is set up on this Encore', async () => {
    answers['GET /api/wallets'] = () => json(200, { appleWallet: false, googleWallet: false });
    renderLinks();
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/wallets'));
    // The answer has arrived and rendered: still only the calendar.
    await waitFor(() => expect(screen.getAllByRole('button')).toHaveLength(1));
    expect(screen.getByRole('button', { name: WALLET_TEXT.addToCalendar })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: WALLET_TEXT.addToAppleWallet })).toBeNull();
    expect(screen.queryByRole('button', { name: WALLET_TEXT.saveToGoogleWallet })).toBeNull();
  });

  it('offers the calendar alone, without asking, until the seller sends the barcode', async () => {
    renderLinks({ barcodeReady: false });
    expect(screen.getByRole('button', { name: WALLET_TEXT.addToCalendar })).toBeEnabled();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(calls).toEqual([]);
  });

  it('downloads the .ics and the .pkpass under the names the server gives, from the keyboard too', async () => {
    const { user } = renderLinks();
    screen.getByRole('button', { name: WALLET_TEXT.addToCalendar }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(clicks).toEqual(['encore-ticket-4.ics']));
    await user.click(await screen.findByRole('button', { name: WALLET_TEXT.addToAppleWallet }));
    await waitFor(() => expect(clicks).toEqual(['encore-ticket-4.ics', 'encore-ticket-4.pkpass']));
    expect(calls.map((call) => call.url)).toEqual(
      expect.arrayContaining(['/api/tickets/4/calendar.ics', '/api/tickets/4/wallet/apple']),
    );
  });

  it('opens Google’s save page with the signed link', async () => {
    const { user, openUrl } = renderLinks();
    await user.click(await screen.findByRole('button', { name: WALLET_TEXT.saveToGoogleWallet }));
    await waitFor(() =>
      expect(openUrl).toHaveBeenCalledWith('https://pay.google.com/gp/v/save/header.claims.signature'),
    );
  });

  it('says why a pass could not be made', async () => {
    answers['GET /api/tickets/4/wallet/apple'] = () => json(409, { message: WALLET_TEXT.barcodeUnreadable });
    const { user } = renderLinks();
    await user.click(await screen.findByRole('button', { name: WALLET_TEXT.addToAppleWallet }));
    expect(await screen.findByText(WALLET_TEXT.barcodeUnreadable)).toBeInTheDocument();
    expect(clicks).toEqual([]);
  });
});
