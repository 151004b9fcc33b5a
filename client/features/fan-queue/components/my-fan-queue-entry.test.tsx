import { renderAt } from '@client/lib/render-at';
import { FAN_QUEUE_TEXT } from '@common/texts/fan-queue';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fanQueueEntry, fanQueueOffer } from '../test-fixtures';
import { MyFanQueueEntry } from './my-fan-queue-entry';

describe('MyFanQueueEntry', () => {
  it('says an entry an admin removed was removed, and a cancelled show’s only that it ended', async () => {
    renderAt(
      <>
        <MyFanQueueEntry
          entry={fanQueueEntry({ id: 1, status: 'ended', endedReason: 'removed', position: null })}
        />
        <MyFanQueueEntry
          entry={fanQueueEntry({ id: 2, status: 'ended', endedReason: 'event_cancelled', position: null })}
        />
      </>,
      '/my-bids',
    );
    expect(await screen.findByText(FAN_QUEUE_TEXT.statusRemoved)).toBeInTheDocument();
    expect(screen.getByText(FAN_QUEUE_TEXT.statusEnded)).toBeInTheDocument();
  });

  it('names the card of a “buy for me” place while it is in line, and a purchase’s link by its show', async () => {
    const card = { id: 'sbx_pm_4242_abc', brand: 'visa', last4: '4242' };
    renderAt(
      <>
        <MyFanQueueEntry
          entry={fanQueueEntry({
            id: 1,
            eventName: 'Aurora Skies',
            card,
            status: 'offered',
            position: null,
            offer: fanQueueOffer({ purchaseId: 'fq_9' }),
          })}
        />
        <MyFanQueueEntry entry={fanQueueEntry({ id: 2, card, status: 'filled', position: null })} />
      </>,
      '/my-bids',
    );
    expect(await screen.findAllByText(FAN_QUEUE_TEXT.buyForMeSummary('visa', '4242'))).toHaveLength(1);
    expect(screen.getByText('Bought for you at once with your VISA ending in 4242')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: FAN_QUEUE_TEXT.confirmPaymentLabel('Aurora Skies') }),
    ).toHaveAttribute('href', '/bids/authenticate/fq_9');
  });
});
