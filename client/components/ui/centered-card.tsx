import { Card } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';

const ICON_TONE = {
  brand: 'bg-gradient-to-br from-primary to-accent text-white shadow-sm',
  success: 'bg-success-soft text-success',
  danger: 'bg-destructive-soft text-destructive',
} as const;

interface CenteredCardProps {
  icon: LucideIcon;
  iconTone?: keyof typeof ICON_TONE;
  title: string;
  description?: ReactNode;
  /** Moves focus to the title when the card appears, so a screen change is announced. */
  focusTitle?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every sign-in and recovery screen sits in, on the app's stage background. */
export function CenteredCard({
  icon: Icon,
  iconTone = 'brand',
  title,
  description,
  focusTitle = false,
  children,
  footer,
}: CenteredCardProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);

  return (
    <div className="flex flex-1 items-start justify-center bg-stage px-4 py-10 sm:items-center sm:py-16">
      <Card className="w-full max-w-md">
        <div className="flex flex-col items-center gap-3 px-6 pt-8 pb-6 text-center sm:px-8">
          <span className={cn('flex size-12 items-center justify-center rounded-2xl', ICON_TONE[iconTone])}>
            <Icon aria-hidden className="size-6" />
          </span>
          <h1
            ref={titleRef}
            tabIndex={-1}
            className="text-2xl font-bold leading-tight focus:outline-none focus-visible:ring-0 focus-visible:ring-offset-0"
          >
            {title}
          </h1>
          {description ? <div className="text-sm text-muted-foreground">{description}</div> : null}
        </div>
        <div className="flex flex-col gap-5 px-6 pb-8 sm:px-8">{children}</div>
        {footer ? (
          <div className="border-t border-border px-6 py-4 text-center text-sm sm:px-8">{footer}</div>
        ) : null}
      </Card>
    </div>
  );
}
