import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { SHELL_TEXT } from '@common/messages';
import { Hammer } from 'lucide-react';
import { Link } from 'react-router';

/**
 * The app's own notice for a screen whose feature has not been built yet: honest about it,
 * with a way back, instead of an empty or broken page.
 */
export function NotBuiltYet({
  feature,
  variant = 'page',
}: {
  feature?: string;
  variant?: 'page' | 'inline';
}) {
  const card = (
    <Card className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 px-6 py-10 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
        <Hammer aria-hidden className="size-7" />
      </span>
      <div className="space-y-2">
        {variant === 'page' ? (
          <h1 className="text-2xl font-bold">{SHELL_TEXT.comingSoonTitle}</h1>
        ) : (
          <h2 className="text-xl font-bold">{SHELL_TEXT.comingSoonTitle}</h2>
        )}
        <p className="text-muted-foreground">
          {feature ? `${feature} is` : 'This part of Encore is'} being built right now. It will appear here as
          soon as it's ready.
        </p>
      </div>
      {variant === 'page' ? (
        <Button asChild variant="secondary">
          <Link to="/">Back to home</Link>
        </Button>
      ) : null}
    </Card>
  );
  if (variant === 'inline') return card;
  return <div className="flex flex-1 items-center justify-center bg-stage px-4 py-16">{card}</div>;
}
