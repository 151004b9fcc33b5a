import { STRIKES_TO_PAUSE } from '../strikes.js';

/** Strikes and the reviews they open (decision 0087): the admin's tab, the server's answers, the e-mails. */
export const STRIKE_TEXT = {
  // The admin's tab.
  tab: 'Strikes',
  heading: 'Sellers paused for review',
  intro: `A seller who lets a sale's transfer deadline pass gets a strike. ${STRIKES_TO_PAUSE} strikes within twelve months pause their listings until you lift the pause.`,
  empty: 'No seller is paused for review.',
  seller: 'Seller',
  strikes: 'Strikes',
  pausedAt: 'Paused',
  listingsPaused: 'Listings paused',
  liftButton: 'Lift pause',
  liftTitle: 'Lift the pause',
  liftDescription: (username: string) =>
    `${username}'s listings that are still valid go back on sale, and they are e-mailed. Their strikes stay on record.`,
  liftReasonLabel: 'Reason',
  liftConfirm: 'Lift pause',
  goBack: 'Go Back',
  // The server's answers.
  reviewNotFound: 'This review was not found.',
  alreadyLifted: 'This pause was already lifted.',
  sellerSuspended: 'The seller is suspended. Reinstate them first.',
  lifted: (username: string, restored: number) =>
    `${username}'s pause is lifted; ${restored === 1 ? '1 listing is' : `${restored} listings are`} back on sale`,
  pausedForReview:
    'Your listings are paused while Encore reviews the sales you did not transfer in time. You cannot list new tickets until the review is done.',
  // E-mails to the seller.
  pausedSubject: 'Your Encore listings are paused for review',
  pausedMail: (firstName: string, strikes: number, appUrl: string) => [
    `Hi ${firstName},`,
    `You did not transfer ${strikes} sold tickets by their deadlines within twelve months. Each of those buyers was refunded in full, and you received a strike each time.`,
    'Your listings on sale are paused until an Encore admin has reviewed your account; nobody can buy them meanwhile.',
    `The sales and their deadlines are in My Tickets: ${appUrl}/my-tickets`,
  ],
  liftedSubject: 'Your Encore listings are back on sale',
  liftedMail: (firstName: string, reason: string, appUrl: string) => [
    `Hi ${firstName},`,
    'An Encore admin reviewed your account and lifted the pause: your listings that are still valid are back on sale.',
    `Reason: ${reason}`,
    `Please transfer every ticket you sell by its deadline. My Tickets: ${appUrl}/my-tickets`,
  ],
} as const;
