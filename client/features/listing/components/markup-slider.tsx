import { Badge } from '@client/components/ui/badge';
import { Label } from '@client/components/ui/label';
import { Slider } from '@client/components/ui/slider';
import { cn } from '@client/lib/cn';
import {
  MARKUP_MAX,
  MARKUP_MIN,
  MARKUP_STEP,
  type MarkupTone,
  markupCommentary,
  markupTone,
} from '@common/pricing';
import { useId } from 'react';

/** '+12%', '0%', '-20%'. */
export function formatMarkup(markupPercent: number): string {
  return `${markupPercent > 0 ? '+' : ''}${markupPercent}%`;
}

const toneBadge: Record<MarkupTone, 'success' | 'warning' | 'danger'> = {
  green: 'success',
  yellow: 'warning',
  red: 'danger',
};

// Tone colours on grey fall short of 4.5:1, so the note keeps body text on the tone's soft colour.
const toneNote: Record<MarkupTone, string> = {
  green: 'border-success/30 bg-success-soft',
  yellow: 'border-warning/30 bg-warning-soft',
  red: 'border-destructive/30 bg-destructive-soft',
};

/** Where 0% falls on the slider's track, in percent of its width. */
const ZERO_POSITION = ((0 - MARKUP_MIN) / (MARKUP_MAX - MARKUP_MIN)) * 100;

interface MarkupSliderProps {
  value: number;
  onChange(markupPercent: number): void;
}

/** The seller's markup: -100..50 in steps of 1, with a coloured badge and the tier's commentary. */
export function MarkupSlider({ value, onChange }: MarkupSliderProps) {
  const labelId = useId();
  const tone = markupTone(value);
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <Label id={labelId}>Markup</Label>
        <Badge variant={toneBadge[tone]} data-tone={tone} data-testid="markup-badge">
          {formatMarkup(value)}
        </Badge>
      </div>
      <Slider
        aria-labelledby={labelId}
        aria-label="Markup"
        min={MARKUP_MIN}
        max={MARKUP_MAX}
        step={MARKUP_STEP}
        value={value}
        onValueChange={onChange}
      />
      {/* The scale is lopsided (-100..50): '0%' sits under the thumb's zero, not midway. */}
      <div className="relative h-4 text-xs text-muted-foreground" aria-hidden>
        <span className="absolute left-0">{formatMarkup(MARKUP_MIN)}</span>
        <span className="absolute -translate-x-1/2" style={{ left: `${ZERO_POSITION}%` }}>
          0%
        </span>
        <span className="absolute right-0">{formatMarkup(MARKUP_MAX)}</span>
      </div>
      <p
        className={cn('rounded-lg border px-3 py-2 text-sm text-foreground', toneNote[tone])}
        aria-live="polite"
      >
        {markupCommentary(value)}
      </p>
    </div>
  );
}
