import { cn } from '@client/lib/cn';

export type StrengthTone = 'red' | 'yellow' | 'green';

const TONE: Record<StrengthTone, { bar: string; text: string }> = {
  red: { bar: 'bg-destructive', text: 'text-destructive' },
  yellow: { bar: 'bg-yellow-400', text: 'text-warning' },
  green: { bar: 'bg-success', text: 'text-success' },
};

/** A password strength meter: a bar filled to `score` (0-100) in its tone, and the text under it. */
export function StrengthMeter({
  score,
  tone,
  text,
  textId,
}: {
  score: number;
  tone: StrengthTone;
  text: string;
  /** The id the password field's aria-describedby points at. */
  textId: string;
}) {
  return (
    <div className="flex flex-col gap-1.5" data-testid="password-strength" data-tone={tone}>
      {/* Decorative: the text below, tied to the password field, says the same. */}
      <div aria-hidden className="h-1.5 w-full overflow-hidden rounded-full bg-muted">
        <div
          className={cn('h-full rounded-full transition-[width] duration-300', TONE[tone].bar)}
          style={{ width: `${score}%` }}
        />
      </div>
      <p id={textId} className={cn('text-xs font-medium', TONE[tone].text)}>
        {text}
      </p>
    </div>
  );
}
