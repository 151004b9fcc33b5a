import { createQueryClient } from '@client/lib/query-client';
import { type FetchCall, fakeApi, json } from '@client/lib/test-fetch';
import type { DataExport } from '@common/schemas/data-exports';
import { DATA_EXPORT_TEXT } from '@common/texts/data-export';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataExportPanel } from './data-export-panel';

afterEach(() => {
  vi.unstubAllGlobals();
});

const pending: DataExport = {
  id: 3,
  status: 'pending',
  requestedAt: '2030-03-01T12:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  bytes: null,
  truncated: false,
  downloadPath: null,
};
const ready: DataExport = {
  ...pending,
  status: 'ready',
  finishedAt: '2030-03-01T12:02:00.000Z',
  expiresAt: '2030-03-08T12:02:00.000Z',
  bytes: 5_300,
  downloadPath: '/api/user/data-export/download?token=3.signature',
};

function show(path = '/profile') {
  const router = createMemoryRouter([{ path: '/profile', element: <DataExportPanel /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The API as the panel meets it: the latest export, and what a request answers. */
function api(latest: DataExport | null, onRequest: (call: FetchCall) => Response) {
  let current = latest;
  return fakeApi((call) => {
    if (call.method === 'GET' && call.url === '/api/user/data-export') return json(200, { export: current });
    if (call.method === 'POST' && call.url === '/api/user/data-export') {
      const answer = onRequest(call);
      if (answer.status === 202) current = pending;
      return answer;
    }
    return json(404, { message: 'unexpected' });
  });
}

describe('DataExportPanel', () => {
  it('requests a copy from the keyboard and then shows it as being prepared', async () => {
    const calls = api(null, () => json(202, { message: DATA_EXPORT_TEXT.requestedMessage, export: pending }));
    show();
    expect(screen.getByRole('heading', { name: DATA_EXPORT_TEXT.sectionTitle })).toBeInTheDocument();
    const button = await screen.findByRole('button', { name: DATA_EXPORT_TEXT.requestButton });
    await waitFor(() => expect(button).toBeEnabled());
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText(DATA_EXPORT_TEXT.requested)).toBeInTheDocument();
    expect(
      await screen.findByText(
        DATA_EXPORT_TEXT.pending(format(new Date(pending.requestedAt), 'MMM d, yyyy h:mm a')),
      ),
    ).toBeInTheDocument();
    // While one is pending, no second request is offered.
    expect(screen.queryByRole('button', { name: DATA_EXPORT_TEXT.requestButton })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says why a second request is refused', async () => {
    api(null, () => json(409, { message: DATA_EXPORT_TEXT.alreadyPending }));
    show();
    const button = await screen.findByRole('button', { name: DATA_EXPORT_TEXT.requestButton });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText(DATA_EXPORT_TEXT.alreadyPending)).toBeInTheDocument();
  });

  it('offers the download link until the copy expires, with its size', async () => {
    api(ready, () => json(500, {}));
    show();
    const link = await screen.findByRole('link', { name: DATA_EXPORT_TEXT.download });
    expect(link).toHaveAttribute('href', ready.downloadPath);
    expect(link).toHaveAttribute('download');
    expect(
      screen.getByText(
        DATA_EXPORT_TEXT.ready(format(new Date(ready.expiresAt as string), 'MMM d, yyyy h:mm a')),
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(DATA_EXPORT_TEXT.size('6 KB'))).toBeInTheDocument();
    // A new copy can be asked for beside it.
    expect(screen.getByRole('button', { name: DATA_EXPORT_TEXT.requestButton })).toBeInTheDocument();
  });

  it('focuses the download link when opened from the e-mail', async () => {
    api(ready, () => json(500, {}));
    show('/profile?export=3.signature');
    const link = await screen.findByRole('link', { name: DATA_EXPORT_TEXT.download });
    await waitFor(() => expect(link).toHaveFocus());
  });

  it('says when the last copy expired or failed, and offers a new one', async () => {
    api({ ...ready, status: 'expired', downloadPath: null, bytes: null }, () => json(500, {}));
    show();
    expect(await screen.findByText(DATA_EXPORT_TEXT.expired)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: DATA_EXPORT_TEXT.download })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: DATA_EXPORT_TEXT.requestButton })).toBeInTheDocument();
  });
});
