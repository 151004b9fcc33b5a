import { TOUR_TEXT } from '@common/messages';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BROWSER_TOUR_DISABLED_KEY, tourCompletedKey, tourDisabledKey } from '../tour-flags';
import { presentSteps, TOUR_STEPS } from '../tour-steps';
import { WelcomeTour } from './welcome-tour';

const USER = 5;
const TOUR_DISABLED_KEY = tourDisabledKey(USER);
const TOUR_COMPLETED_KEY = tourCompletedKey(USER);

/** Waits past the prompt's delay and says whether it came. */
async function promptShown(): Promise<boolean> {
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  return screen.queryByRole('dialog', { name: TOUR_TEXT.welcomeTitle }) !== null;
}

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('WelcomeTour', () => {
  it('offers the tour 1 s after the page loads', async () => {
    // The clock is the test's: a loaded machine must not fire the prompt's timer before the test's own.
    vi.useFakeTimers({ shouldAdvanceTime: false });
    try {
      render(<WelcomeTour userId={USER} />);
      expect(screen.queryByRole('dialog', { name: TOUR_TEXT.welcomeTitle })).toBeNull();
      act(() => vi.advanceTimersByTime(900));
      expect(screen.queryByRole('dialog', { name: TOUR_TEXT.welcomeTitle })).toBeNull();
      act(() => vi.advanceTimersByTime(200));
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByRole('dialog', { name: TOUR_TEXT.welcomeTitle })).toBeVisible();
    expect(screen.getByRole('button', { name: TOUR_TEXT.skipTour })).toBeVisible();
    expect(screen.getByRole('button', { name: TOUR_TEXT.startTour })).toBeVisible();
  });

  it("'Skip Tour' with 'Don't show this tour again' ticked sets the disable flag", async () => {
    const user = userEvent.setup();
    const onCompleted = vi.fn();
    render(<WelcomeTour userId={USER} onCompleted={onCompleted} />);
    await screen.findByRole('dialog', { name: TOUR_TEXT.welcomeTitle });
    await user.click(screen.getByRole('checkbox', { name: TOUR_TEXT.dontShowAgain }));
    await user.click(screen.getByRole('button', { name: TOUR_TEXT.skipTour }));
    expect(screen.queryByRole('dialog', { name: TOUR_TEXT.welcomeTitle })).toBeNull();
    expect(localStorage.getItem(TOUR_DISABLED_KEY)).toBe('true');
    expect(localStorage.getItem(TOUR_COMPLETED_KEY)).toBeNull();
    // Kept for the member too, so no other browser offers it again.
    expect(onCompleted).toHaveBeenCalledTimes(1);
  });

  it("'Skip Tour' alone leaves the tour on for next time", async () => {
    const user = userEvent.setup();
    const onCompleted = vi.fn();
    render(<WelcomeTour userId={USER} onCompleted={onCompleted} />);
    await user.click(await screen.findByRole('button', { name: TOUR_TEXT.skipTour }));
    expect(localStorage.getItem(TOUR_DISABLED_KEY)).toBeNull();
    expect(onCompleted).not.toHaveBeenCalled();
  });

  it('does not appear once the disable flag is set', async () => {
    localStorage.setItem(TOUR_DISABLED_KEY, 'true');
    render(<WelcomeTour userId={USER} />);
    expect(await promptShown()).toBe(false);
  });

  it('does not come back once the user has finished the tour', async () => {
    localStorage.setItem(TOUR_COMPLETED_KEY, 'true');
    render(<WelcomeTour userId={USER} />);
    expect(await promptShown()).toBe(false);
  });

  it('does not appear on a browser that never saw it when the member finished it elsewhere (server flag)', async () => {
    render(<WelcomeTour userId={USER} completedOnServer />);
    expect(await promptShown()).toBe(false);
  });

  it('waits while another dialog is open (a shared ticket) and shows once it closes', async () => {
    const other = document.createElement('div');
    other.setAttribute('role', 'dialog');
    other.dataset.state = 'open';
    document.body.append(other);
    render(<WelcomeTour userId={USER} />);
    expect(await promptShown()).toBe(false);
    act(() => other.setAttribute('data-state', 'closed'));
    expect(await screen.findByRole('dialog', { name: TOUR_TEXT.welcomeTitle })).toBeVisible();
  });

  it('is still offered to another user of the same browser, and never after the browser-wide opt-out', async () => {
    localStorage.setItem(TOUR_COMPLETED_KEY, 'true');
    const other = render(<WelcomeTour userId={USER + 1} />);
    expect(await promptShown()).toBe(true);
    other.unmount();
    localStorage.setItem(BROWSER_TOUR_DISABLED_KEY, 'true');
    render(<WelcomeTour userId={USER + 1} />);
    expect(await promptShown()).toBe(false);
  });

  it("'Start Tour' with the box ticked also sets the disable flag", async () => {
    const user = userEvent.setup();
    render(<WelcomeTour userId={USER} />);
    await screen.findByRole('dialog', { name: TOUR_TEXT.welcomeTitle });
    await user.click(screen.getByRole('checkbox', { name: TOUR_TEXT.dontShowAgain }));
    await user.click(screen.getByRole('button', { name: TOUR_TEXT.startTour }));
    await waitFor(() => expect(localStorage.getItem(TOUR_DISABLED_KEY)).toBe('true'));
    expect(screen.queryByRole('dialog', { name: TOUR_TEXT.welcomeTitle })).toBeNull();
  });
});

describe('presentSteps', () => {
  it('keeps the 4 steps in order: search, sort, list ticket, navigation', () => {
    expect(TOUR_STEPS.map((step) => step.target)).toEqual([
      '[data-tour="search"]',
      '[data-tour="sort"]',
      '[data-tour="list-ticket"]',
      'header nav[aria-label="Main"]',
    ]);
  });

  it('skips a step whose target is missing or hidden', () => {
    document.body.innerHTML = `
      <div data-tour="search">search</div>
      <div data-tour="sort" style="display: none">sort</div>
      <a data-tour="list-ticket" href="/listing">List Ticket</a>`;
    // jsdom has no layout: give the visible targets a box the way a browser would.
    for (const element of document.querySelectorAll<HTMLElement>('[data-tour]'))
      if (element.style.display !== 'none')
        element.getClientRects = () => [new DOMRect(0, 0, 10, 10)] as never;
    expect(presentSteps(TOUR_STEPS).map((step) => step.target)).toEqual([
      '[data-tour="search"]',
      '[data-tour="list-ticket"]',
    ]);
  });
});
