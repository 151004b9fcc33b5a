import { renderAt } from '@client/lib/render-at';
import { fakeApi, json } from '@client/lib/test-fetch';
import { PRICE_ALERT_TEXT } from '@common/texts/price-alerts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnsubscribePage } from './unsubscribe-page';

afterEach(() => vi.unstubAllGlobals());

describe('UnsubscribePage', () => {
  it('changes nothing until the fan confirms, then stops the alerts with the link’s token', async () => {
    const calls = fakeApi(() => json(200, { removed: 2 }));
    renderAt(<UnsubscribePage />, '/price-alerts/unsubscribe?token=7.abc');
    const user = userEvent.setup();
    expect(screen.getByText(PRICE_ALERT_TEXT.unsubscribeIntro)).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: PRICE_ALERT_TEXT.unsubscribeButton }));
    expect(await screen.findByText(PRICE_ALERT_TEXT.unsubscribeDone)).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', url: '/api/price-alerts/unsubscribe?token=7.abc', body: null }]);
  });

  it('says when the link is not valid', async () => {
    fakeApi(() => json(400, { message: PRICE_ALERT_TEXT.unsubscribeInvalid }));
    renderAt(<UnsubscribePage />, '/price-alerts/unsubscribe?token=7.forged');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: PRICE_ALERT_TEXT.unsubscribeButton }));
    expect(await screen.findByText(PRICE_ALERT_TEXT.unsubscribeInvalid)).toBeInTheDocument();
    expect(screen.queryByText(PRICE_ALERT_TEXT.unsubscribeDone)).not.toBeInTheDocument();
  });
});
