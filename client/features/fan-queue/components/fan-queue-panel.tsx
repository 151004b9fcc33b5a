import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { loginThenTo } from '@client/lib/safe-destination';
import { useCurrentUser } from '@client/lib/session';
import { FAN_QUEUE_LINE_TEXT as TEXT } from '@common/texts/fan-queue-line';
import { useQuery } from '@tanstack/react-query';
import { ListOrdered } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { eventFanQueueQueryOptions } from '../api';

// A member's place, offer and form load with the member's view: a visitor's first load of the show's page
// carries only the line's figures and the sign-in link (the first-load budget, decision 0082).
const FanQueueMember = lazy(async () => ({ default: (await import('./fan-queue-member')).FanQueueMember }));

export interface FanQueuePanelProps {
  eventId: number;
  eventName: string;
}

/**
 * The show's Fan Queue on its page (decision 0100): how many fans wait and how many tickets went through it;
 * a visitor is offered sign-in, a member joins, sees their place (read again on the live notice), changes or
 * leaves it, and pays for an offer. Shown while the show takes entries, or while the member has one.
 */
export function FanQueuePanel({ eventId, eventName }: FanQueuePanelProps) {
  const { data: user, isPending: userPending } = useCurrentUser();
  const location = useLocation();
  const line = useQuery(eventFanQueueQueryOptions(eventId));
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // A member who just left a closed show's line keeps the panel, whose heading took the focus.
  const [left, setLeft] = useState(false);

  if (userPending || line.isPending) return null;
  const show = line.data;
  const mine = user ? (show?.mine ?? null) : null;
  if (show && !show.open && !mine && !left) return null;

  return (
    <Card className="grid min-w-0 gap-4 p-5">
      <section aria-labelledby={titleId} className="grid grid-cols-1 gap-4">
        <div className="grid gap-1">
          <h2
            id={titleId}
            ref={heading}
            tabIndex={-1}
            className="flex items-center gap-2 text-lg font-semibold focus-visible:outline-none"
          >
            <ListOrdered className="size-5 text-info" aria-hidden />
            {TEXT.title}
          </h2>
          <p className="text-sm text-muted-foreground">{TEXT.intro}</p>
        </div>
        {!show ? (
          <Alert variant="destructive">
            <AlertDescription className="flex flex-wrap items-center gap-2">
              {TEXT.loadFailed}
              <Button variant="outline" size="sm" onClick={() => void line.refetch()}>
                {TEXT.retry}
              </Button>
            </AlertDescription>
          </Alert>
        ) : (
          <>
            <div className="grid gap-1 text-sm">
              <p>{TEXT.waiting(show.waiting)}</p>
              {show.throughQueueTickets > 0 ? <p>{TEXT.throughQueue(show.throughQueueTickets)}</p> : null}
            </div>
            {user ? (
              <Suspense fallback={null}>
                <FanQueueMember
                  eventName={eventName}
                  show={show}
                  onLeft={() => {
                    setLeft(true);
                    heading.current?.focus();
                  }}
                />
              </Suspense>
            ) : (
              <Link
                className="text-sm font-medium underline"
                to={loginThenTo(`${location.pathname}${location.search}`)}
              >
                {TEXT.signInPrompt}
              </Link>
            )}
          </>
        )}
      </section>
    </Card>
  );
}
