import { BUYING_TEXT } from '@common/messages';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HoldTimer } from './hold-timer';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.parse('2027-01-01T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

function renderTimer(seconds: number) {
  const onExpired = vi.fn();
  const onExtend = vi.fn();
  const expiresAt = new Date(Date.now() + seconds * 1000).toISOString();
  const view = render(
    <HoldTimer expiresAt={expiresAt} onExpired={onExpired} onExtend={onExtend} extending={false} />,
  );
  return { onExpired, onExtend, view };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('HoldTimer', () => {
  it('counts down in mm:ss every second and calls onExpired once at zero', () => {
    const { onExpired } = renderTimer(125);
    expect(screen.getByTestId('hold-countdown')).toHaveTextContent('02:05');
    advance(1_000);
    expect(screen.getByTestId('hold-countdown')).toHaveTextContent('02:04');
    advance(124_000);
    expect(screen.getByTestId('hold-countdown')).toHaveTextContent('00:00');
    expect(onExpired).toHaveBeenCalledTimes(1);
    advance(3_000);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('announces the time left only at 2 min, 1 min and 30 s', () => {
    renderTimer(150);
    const live = screen.getByTestId('hold-announcement');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toHaveTextContent('');
    advance(29_000);
    expect(live).toHaveTextContent('');
    advance(1_000);
    expect(live).toHaveTextContent('2 minutes left on your hold');
    advance(59_000);
    expect(live).toHaveTextContent('2 minutes left on your hold');
    advance(1_000);
    expect(live).toHaveTextContent('1 minute left on your hold');
    advance(30_000);
    expect(live).toHaveTextContent('30 seconds left on your hold');
  });

  it('offers the extend action, pressing it into view in the last minute', () => {
    const { onExtend } = renderTimer(90);
    expect(screen.queryByText(BUYING_TEXT.holdEndingSoon)).toBeNull();
    act(() => screen.getByRole('button', { name: BUYING_TEXT.extendHold }).click());
    expect(onExtend).toHaveBeenCalledTimes(1);
    advance(30_000);
    expect(screen.getByText(BUYING_TEXT.holdEndingSoon)).toBeVisible();
  });

  it('restarts from a new expiry after an extension', () => {
    const { view, onExpired } = renderTimer(10);
    advance(5_000);
    const later = new Date(Date.now() + 300_000).toISOString();
    view.rerender(<HoldTimer expiresAt={later} onExpired={onExpired} onExtend={vi.fn()} extending={false} />);
    advance(1_000);
    expect(screen.getByTestId('hold-countdown')).toHaveTextContent('04:59');
    advance(10_000);
    expect(onExpired).not.toHaveBeenCalled();
  });
});
