import { Button } from '@client/components/ui/button';
import { TAGLINE } from '@common/constants';
import type { CurrentUser } from '@common/schemas/users';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { NotBuiltYet } from './not-built-yet';

/** The signed-in home at / and /home until the marketplace grid lands. */
export function SignedInHome({ user }: { user: CurrentUser }) {
  return (
    <div className="flex-1 bg-stage">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-12">
        <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="space-y-1">
            <h1 className="text-3xl font-bold sm:text-4xl">Welcome back, {user.username}</h1>
            <p className="text-muted-foreground">{TAGLINE}</p>
          </div>
          <Button asChild size="lg" className="self-start sm:self-auto">
            <Link to="/listing">
              <Plus aria-hidden />
              List Ticket
            </Link>
          </Button>
        </header>
        <section aria-label="Listings">
          <NotBuiltYet feature="The marketplace" variant="inline" />
        </section>
      </div>
    </div>
  );
}
