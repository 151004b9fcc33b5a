import { renderAt } from '@client/lib/render-at';
import { FAN_QUEUE_TEXT } from '@common/texts/fan-queue';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fanQueueEntry } from '../test-fixtures';
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
});
