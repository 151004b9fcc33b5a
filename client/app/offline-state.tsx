import { buttonVariants } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import { OFFLINE_TEXT } from '@common/texts/offline';
import { Link } from 'react-router';

/**
 * In place of a page that needs the network, opened without it (decision 0098): says so, and points a
 * member to their tickets, which open from what the device kept. `fullScreen` where no layout is around it
 * (the session could not be read, a page's code could not be loaded).
 */
export function OfflineState({ signedIn, fullScreen = false }: { signedIn: boolean; fullScreen?: boolean }) {
  // Full screen, it is the whole page, so it is the page's main content too.
  const Container = fullScreen ? 'main' : 'div';
  return (
    <Container
      className={cn(
        'flex flex-1 items-center justify-center bg-stage px-4 py-16',
        fullScreen ? 'min-h-dvh' : null,
      )}
    >
      <Card className="flex w-full max-w-md flex-col items-center gap-4 px-6 py-10 text-center">
        <div className="space-y-2">
          <h1 className="text-2xl font-bold">{OFFLINE_TEXT.title}</h1>
          <p className="text-muted-foreground">{OFFLINE_TEXT.pageNeedsNetwork}</p>
          {signedIn ? <p className="text-muted-foreground">{OFFLINE_TEXT.ticketsKept}</p> : null}
        </div>
        {signedIn ? (
          <Link to="/my-tickets" className={buttonVariants()}>
            {OFFLINE_TEXT.openMyTickets}
          </Link>
        ) : null}
      </Card>
    </Container>
  );
}

/** Above a page already open when the connection went away. */
export function OfflineBanner() {
  return (
    <p role="status" className="border-b border-border bg-muted px-4 py-2 text-center text-sm font-medium">
      {OFFLINE_TEXT.banner}
    </p>
  );
}
