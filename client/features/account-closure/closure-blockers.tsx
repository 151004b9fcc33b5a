import type { ClosureBlockerKind, ClosureState } from '@common/schemas/account-closure';
import { ACCOUNT_CLOSURE_TEXT } from '@common/texts/account-closure';
import { type Ref, useId } from 'react';
import { Link } from 'react-router';

/**
 * Where on My Tickets each thing in flight is dealt with (the tabs of spec 001 §2; pending is the default).
 * A hold is on someone else's listing and ends by itself, and the admin role is changed by another admin:
 * neither has a place on My Tickets.
 */
const BLOCKER_PATHS: Record<ClosureBlockerKind, string | null> = {
  sale_awaiting_transfer: '/my-tickets',
  sale_awaiting_confirmation: '/my-tickets',
  purchase_in_escrow: '/my-tickets',
  dispute_open: '/my-tickets',
  payout_pending: '/my-tickets?tab=sold',
  listing_being_bought: '/my-tickets?tab=listings',
  hold: null,
  admin_role: null,
};

/** "Before you can close your account, these must finish:" and the list, each linked to where it is done. */
export function ClosureBlockers({
  state,
  headingRef,
}: {
  state: Pick<ClosureState, 'blockers' | 'moreBlockers'>;
  /** The lead-in, focusable, for focus to land on when the control that had it is gone. */
  headingRef?: Ref<HTMLParagraphElement>;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-warning/30 bg-warning-soft px-4 py-3 text-sm">
      <p id={id} ref={headingRef} tabIndex={-1} className="font-semibold text-foreground focus:outline-none">
        {ACCOUNT_CLOSURE_TEXT.mustFinishFirst}
      </p>
      <ul aria-labelledby={id} className="flex list-disc flex-col gap-1.5 pl-5 text-foreground">
        {state.blockers.map((blocker, index) => {
          const path = blocker.ticketId === null ? null : BLOCKER_PATHS[blocker.kind];
          return (
            <li key={`${blocker.kind}-${blocker.ticketId ?? index}`}>
              {path ? (
                <Link to={path} className="text-primary underline underline-offset-2 hover:no-underline">
                  {blocker.message}
                </Link>
              ) : (
                blocker.message
              )}
            </li>
          );
        })}
      </ul>
      {state.moreBlockers > 0 ? (
        <p className="text-muted-foreground">{ACCOUNT_CLOSURE_TEXT.moreBlockers(state.moreBlockers)}</p>
      ) : null}
    </div>
  );
}
