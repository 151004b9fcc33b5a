import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { BUYING_TEXT } from '@common/messages';
import { Clock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { announcement, crossedMark, EXTEND_PROMPT_MS, formatCountdown } from '../hold-countdown';

export const COUNTDOWN_REFRESH_MS = 1_000;

interface HoldTimerProps {
  expiresAt: string;
  onExpired: () => void;
  onExtend: () => void;
  extending: boolean;
}

/**
 * The hold's mm:ss countdown, refreshed every second (spec 000 §4), with the 'extend' action WCAG 2.2.1
 * asks for and a polite live region that speaks only at 2 min, 1 min and 30 s.
 */
export function HoldTimer({ expiresAt, onExpired, onExtend, extending }: HoldTimerProps) {
  const expiry = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  const [spoken, setSpoken] = useState('');
  const previous = useRef(expiry - Date.now());
  const expiredRef = useRef(false);
  const onExpiredRef = useRef(onExpired);
  onExpiredRef.current = onExpired;

  useEffect(() => {
    expiredRef.current = false;
    previous.current = expiry - Date.now();
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [expiry]);

  const remaining = expiry - now;
  useEffect(() => {
    const mark = crossedMark(previous.current, remaining);
    previous.current = remaining;
    if (mark !== null) setSpoken(announcement(mark));
    if (remaining <= 0 && !expiredRef.current) {
      expiredRef.current = true;
      onExpiredRef.current();
    }
  }, [remaining]);

  const ending = remaining <= EXTEND_PROMPT_MS;
  return (
    <div
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3',
        ending ? 'border-warning/40 bg-warning-soft' : 'border-border bg-muted',
      )}
    >
      <div className="flex items-center gap-2">
        <Clock aria-hidden className={cn('size-5', ending ? 'text-warning' : 'text-primary')} />
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
            {BUYING_TEXT.reservedFor}
          </p>
          <p className="font-mono text-xl font-bold tabular-nums" data-testid="hold-countdown">
            <span className="sr-only">Time left: </span>
            {formatCountdown(remaining)}
          </p>
        </div>
      </div>
      <Button variant={ending ? 'default' : 'outline'} size="sm" onClick={onExtend} disabled={extending}>
        {BUYING_TEXT.extendHold}
      </Button>
      {ending ? <p className="w-full text-sm text-warning">{BUYING_TEXT.holdEndingSoon}</p> : null}
      <p aria-live="polite" aria-atomic className="sr-only" data-testid="hold-announcement">
        {spoken}
      </p>
    </div>
  );
}
