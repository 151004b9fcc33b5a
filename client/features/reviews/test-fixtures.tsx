import { Toaster } from '@client/components/ui/toaster';
import { createQueryClient } from '@client/lib/query-client';
import type { PendingReview } from '@common/schemas/reviews';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

export function renderWithClient(ui: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}

export function pendingReview(overrides: Partial<PendingReview> = {}): PendingReview {
  return {
    id: 1,
    eventName: 'Luna Ray Live',
    eventDate: '2030-05-01',
    reviewType: 'buyer_to_seller',
    targetUserId: 9,
    targetUserName: 'maya',
    ticketId: 7,
    transactionId: 3,
    ...overrides,
  };
}

/** What Radix needs from the browser and jsdom lacks. */
export function installDomShims() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.scrollIntoView ??= () => {};
}
