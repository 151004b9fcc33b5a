import type { SellerRenderer } from '@client/features/event-page/components/event-listing';
import { rememberFocusPlace, restoreFocusSoon } from '@client/lib/focus-return';
import { loginThenTo } from '@client/lib/safe-destination';
import { useCurrentUser } from '@client/lib/session';
import type { EventPageListing } from '@common/schemas/event-page';
import { EVENT_SCREEN_TEXT } from '@common/texts/event-page';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';

// The marketplace's dialog (and what it brings) loads when a member first opens one, not with the page.
const SellerProfileDialog = lazy(async () => ({
  default: (await import('@client/features/marketplace/components/seller-profile-dialog'))
    .SellerProfileDialog,
}));

const LINK_CLASS =
  'cursor-pointer rounded-sm underline underline-offset-4 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

interface SellerReviewsProps {
  seller: EventPageListing['seller'];
  rating: ReactNode;
}

/**
 * A listing's seller rating on the event page, as the way to the seller's reviews: a member opens the
 * marketplace's seller profile dialog (focus comes back to the rating when it closes); a visitor, whom
 * GET /api/users/:id/reviews refuses, is offered sign-in that returns to this page. A seller without
 * reviews has none to read, so 'New seller' stays plain text.
 */
function SellerReviews({ seller, rating }: SellerReviewsProps) {
  const { data: user, isPending } = useCurrentUser();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const focusPlace = useRef<() => void>(() => undefined);

  if (seller.totalReviews === 0 || isPending) return rating;
  if (!user)
    return (
      <Link className={LINK_CLASS} to={loginThenTo(`${location.pathname}${location.search}`)}>
        {rating}
        <span className="sr-only">{EVENT_SCREEN_TEXT.signInForSellerReviews(seller.username)}</span>
      </Link>
    );
  return (
    <>
      <button
        type="button"
        className={LINK_CLASS}
        onClick={(event) => {
          focusPlace.current = rememberFocusPlace(event.currentTarget, {
            fallback: () => document.querySelector<HTMLElement>('h1'),
          });
          setOpen(true);
        }}
      >
        {rating}
        <span className="sr-only">{EVENT_SCREEN_TEXT.sellerReviews(seller.username)}</span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SellerProfileDialog
            seller={{
              id: seller.id,
              username: seller.username,
              rating: seller.averageRating,
              totalReviews: seller.totalReviews,
              trust: seller.trust,
            }}
            sellerId={seller.id}
            open={open}
            onOpenChange={(next) => {
              setOpen(next);
              if (!next) restoreFocusSoon(focusPlace.current);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** Each listing's seller rating on the event page, leading to the seller's reviews. */
export const renderSellerReviews: SellerRenderer = (seller, rating) => (
  <SellerReviews seller={seller} rating={rating} />
);
