import { TOUR_TEXT } from '@common/messages';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { TOUR_COMPLETED_KEY, TOUR_DISABLED_KEY } from '../tour-flags';
import { presentSteps, TOUR_STEPS } from '../tour-steps';
import { WelcomeTour } from './welcome-tour';

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('WelcomeTour', () => {
  it('offers the tour 1 s after the page loads', async () => {
    render(<WelcomeTour />);
    expect(screen.queryByRole('dialog', { name: TOUR_TEXT.welcomeTitle })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(screen.queryByRole('dialog', { name: TOUR_TEXT.welcomeTitle })).toBeNull();
    expect(await screen.findByRole('dialog', { name: TOUR_TEXT.welcomeTitle })).toBeVisible();
    expect(screen.getByRole('button', { name: TOUR_TEXT.skipTour })).toBeVisible();
    expect(screen.getByRole('button', { name: TOUR_TEXT.startTour })).toBeVisible();
  });

  it("'Skip Tour' with 'Don't show this tour again' ticked sets the disable flag", async () => {
    const user = userEvent.setup();
    render(<WelcomeTour />);
    await screen.findByRole('dialog', { name: TOUR_TEXT.welcomeTitle });
    await user.click(screen.getByRole('checkbox', { name: TOUR_TEXT.dontShowAgain }));
    await user.click(screen.getByRole('button', { name: TOUR_TEXT.skipTour }));
    expect(screen.queryByRole('dialog', { name: TOUR_TEXT.welcomeTitle })).toBeNull();
    expect(localStorage.getItem(TOUR_DISABLED_KEY)).toBe('true');
    expect(localStorage.getItem(TOUR_COMPLETED_KEY)).toBeNull();
  });

  it("'Skip Tour' alone leaves the tour on for next time", async () => {
    const user = userEvent.setup();
    render(<WelcomeTour />);
    await user.click(await screen.findByRole('button', { name: TOUR_TEXT.skipTour }));
    expect(localStorage.getItem(TOUR_DISABLED_KEY)).toBeNull();
  });

  it('does not appear once the disable flag is set', async () => {
    localStorage.setItem(TOUR_DISABLED_KEY, 'true');
    render(<WelcomeTour />);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(screen.queryByRole('dialog', { name: TOUR_TEXT.welcomeTitle })).toBeNull();
  });

  it("'Start Tour' with the box ticked also sets the disable flag", async () => {
    const user = userEvent.setup();
    render(<WelcomeTour />);
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
