import { cn } from '@client/lib/cn';
import { dollarsToCents } from '@common/money';
import { faceValueText } from '@common/price-comparison';

interface FaceValueNoteProps {
  /** Per ticket, in dollars, as the API carries them. */
  faceValue: number;
  serviceFee: number;
  className?: string;
}

/**
 * "Face value $120.00 + $15.00 original fee": what the original price a price is compared with is made
 * of, beside every price a fan sees (decision 0083).
 */
export function FaceValueNote({ faceValue, serviceFee, className }: FaceValueNoteProps) {
  return (
    <p className={cn('text-xs text-muted-foreground', className)} data-testid="face-value">
      {faceValueText(dollarsToCents(faceValue), dollarsToCents(serviceFee))}
    </p>
  );
}
