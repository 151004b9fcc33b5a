import { renderAt } from '@client/lib/render-at';
import { fakeApi, json } from '@client/lib/test-fetch';
import { PRICE_ALERT_TEXT } from '@common/texts/price-alerts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN } from '../test-fixtures';
import { PriceAlertPanel } from './price-alert-panel';

afterEach(() => vi.unstubAllGlobals());

describe('PriceAlertPanel', () => {
  it('offers a visitor sign-in that comes back to the show, without the form', async () => {
    fakeApi((call) =>
      call.url === '/api/session' ? json(200, { user: null }) : json(404, { message: 'Not found' }),
    );
    renderAt(<PriceAlertPanel eventId={42} eventName="Aurora Skies" />, '/events/42-aurora-skies');
    const link = await screen.findByRole('link', { name: PRICE_ALERT_TEXT.signInPrompt });
    expect(link).toHaveAttribute('href', `/login?next=${encodeURIComponent('/events/42-aurora-skies')}`);
    expect(screen.queryByRole('button', { name: PRICE_ALERT_TEXT.submit })).not.toBeInTheDocument();
  });

  it('gives a member the form', async () => {
    fakeApi((call) => {
      if (call.url === '/api/session') return json(200, SIGNED_IN);
      if (call.url.startsWith('/api/price-alerts?'))
        return json(200, { alerts: [], page: 1, pageSize: 10, total: 0, activeCount: 0 });
      return json(404, { message: 'Not found' });
    });
    renderAt(<PriceAlertPanel eventId={42} eventName="Aurora Skies" />, '/events/42-aurora-skies');
    expect(await screen.findByRole('button', { name: PRICE_ALERT_TEXT.submit })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: PRICE_ALERT_TEXT.signInPrompt })).not.toBeInTheDocument();
  });
});
