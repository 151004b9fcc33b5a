import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { MapPinOff } from 'lucide-react';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <div className="flex flex-1 items-center justify-center bg-stage px-4 py-16">
      <Card className="flex w-full max-w-lg flex-col items-center gap-4 px-6 py-10 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-accent-soft text-accent">
          <MapPinOff aria-hidden className="size-7" />
        </span>
        <div className="space-y-2">
          <p className="text-sm font-semibold uppercase tracking-wider text-accent">404</p>
          <h1 className="text-2xl font-bold">Page not found</h1>
          <p className="text-muted-foreground">
            The page you're looking for doesn't exist or has moved. Check the address, or head back home.
          </p>
        </div>
        <Button asChild>
          <Link to="/">Back to home</Link>
        </Button>
      </Card>
    </div>
  );
}
