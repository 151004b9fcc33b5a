import type { Step } from 'react-joyride';

/** The 4 steps of spec 000 §2 'Welcome tour': search bar, sorting controls, list-ticket button, navigation. */
export const TOUR_STEPS: Step[] = [
  {
    target: '[data-tour="search"]',
    title: 'Search',
    content: 'Search by artist, event or venue. Suggestions appear as you type.',
  },
  {
    target: '[data-tour="sort"]',
    title: 'Sort',
    content: 'Sort by date, price or section, or combine up to 4 criteria with Advanced Sort.',
  },
  {
    target: '[data-tour="list-ticket"]',
    title: 'List a ticket',
    content: "Can't make it? List your ticket here in a couple of minutes.",
  },
  {
    target: 'header nav[aria-label="Main"]',
    title: 'Navigation',
    content: 'My Tickets, My Bids, Reviews and Support are always one click away.',
  },
];

function isVisible(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  const style = getComputedStyle(element);
  if (style.display === 'none' || style.visibility === 'hidden') return false;
  return element.getClientRects().length > 0 || element.offsetParent !== null;
}

/** A step whose target is missing or not visible is skipped to its neighbour (spec 000 §2). */
export function presentSteps(steps: Step[], root: ParentNode = document): Step[] {
  return steps.filter(
    (step) => typeof step.target !== 'string' || isVisible(root.querySelector(step.target)),
  );
}
