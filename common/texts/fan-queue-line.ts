/** What the Fan Queue's panel shows everyone on a show's page (decision 0100): the line's figures. */

/** "1 fan is", "1,204 fans are". */
export const fansAre = (count: number) =>
  count === 1 ? '1 fan is' : `${count.toLocaleString('en-US')} fans are`;

export const FAN_QUEUE_LINE_TEXT = {
  title: 'Fan Queue',
  intro:
    'A fair line for this show: tickets listed at or below face value are offered to the fans in line first, in the order they joined.',
  waiting: (count: number) => (count === 0 ? 'Nobody is in line right now.' : `${fansAre(count)} in line.`),
  throughQueue: (count: number) =>
    `${count === 1 ? '1 ticket has' : `${count.toLocaleString('en-US')} tickets have`} gone through the Fan Queue at or below face value.`,
  signInPrompt: 'Sign in to join the Fan Queue for this show',
  loadFailed: 'Failed to load the Fan Queue. Please try again.',
  retry: 'Try again',
};
