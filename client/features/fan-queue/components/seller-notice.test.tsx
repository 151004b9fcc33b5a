import { renderAt } from '@client/lib/render-at';
import { fakeApi, json } from '@client/lib/test-fetch';
import type { PricingInput } from '@common/pricing';
import { FAN_QUEUE_TEXT } from '@common/texts/fan-queue';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fanQueueShow } from '../test-fixtures';
import { FanQueueSellerNotice } from './seller-notice';

afterEach(() => vi.unstubAllGlobals());

/** $100 face value + $20 fee: the original price is $120.00 a ticket. */
const priced = (markupPercent: number): PricingInput => ({
  faceValueCents: 10_000,
  serviceFeeCents: 2_000,
  markupPercent,
  quantity: 1,
});

function renderNotice(eventId: number | null, pricing: PricingInput | null, waiting = 120) {
  const calls = fakeApi((call) =>
    call.url === '/api/events/42/fan-queue'
      ? json(200, fanQueueShow({ waiting }))
      : json(404, { message: 'Not found' }),
  );
  renderAt(<FanQueueSellerNotice eventId={eventId} pricing={pricing} />, '/listing');
  return calls;
}

describe('FanQueueSellerNotice', () => {
  it('tells a seller whose all-in price is at or below the original price how many fans wait', async () => {
    const calls = renderNotice(42, priced(-5));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(FAN_QUEUE_TEXT.sellerNotice(120)),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your tickets go to the Fan Queue first: 120 fans are waiting',
    );
    expect(calls.map((call) => call.url)).toEqual(['/api/events/42/fan-queue']);
  });

  it('says nothing, and asks nothing, above the original price (a 0% markup is above it all-in)', async () => {
    const calls = renderNotice(42, priced(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(calls).toEqual([]);
  });

  it('says nothing while nobody waits', async () => {
    const calls = renderNotice(42, priced(-5), 0);
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('asks nothing for a show outside the catalog or a price that cannot be worked out', async () => {
    const calls = renderNotice(null, priced(-5));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(calls).toEqual([]);
  });
});
