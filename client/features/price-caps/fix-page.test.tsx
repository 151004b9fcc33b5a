import { renderAt } from '@client/lib/render-at';
import { fakeApi, json } from '@client/lib/test-fetch';
import { PRICE_CAP_TEXT } from '@common/texts/price-caps';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PriceCapFixPage } from './fix-page';

afterEach(() => vi.unstubAllGlobals());

describe('PriceCapFixPage', () => {
  it('changes nothing until the seller clicks, then posts the link’s token once', async () => {
    const calls = fakeApi(() =>
      json(200, { message: PRICE_CAP_TEXT.fixDone, ticketId: 5, markup: -2, listingPrice: 90.65 }),
    );
    renderAt(<PriceCapFixPage />, '/price-cap-fix?token=7.abc');
    const user = userEvent.setup();
    expect(screen.getByText(PRICE_CAP_TEXT.fixIntro)).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: PRICE_CAP_TEXT.fixButton }));
    expect(await screen.findByRole('status')).toHaveTextContent(PRICE_CAP_TEXT.fixDone);
    expect(calls).toEqual([{ method: 'POST', url: '/api/price-caps/fix', body: { token: '7.abc' } }]);
  });

  it('says why when the link was used already', async () => {
    fakeApi(() => json(409, { message: PRICE_CAP_TEXT.fixUsed }));
    renderAt(<PriceCapFixPage />, '/price-cap-fix?token=7.abc');
    await userEvent.setup().click(screen.getByRole('button', { name: PRICE_CAP_TEXT.fixButton }));
    expect(await screen.findByText(PRICE_CAP_TEXT.fixUsed)).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says a link without a token is not valid, and offers no button', () => {
    renderAt(<PriceCapFixPage />, '/price-cap-fix');
    expect(screen.getByText(PRICE_CAP_TEXT.fixInvalid)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PRICE_CAP_TEXT.fixButton })).not.toBeInTheDocument();
  });
});
