import { cn } from '@client/lib/cn';
import { Star } from 'lucide-react';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * Stars 1 to 5 as a radio group (spec 000 §2, §5): Tab reaches the chosen star, the arrow keys move and
 * choose, and each star is announced as 'N stars'. Stars up to the value are filled.
 */
export function StarRating({
  value,
  onChange,
  labelledBy,
}: {
  value: number;
  onChange: (value: number) => void;
  labelledBy: string;
}) {
  return (
    <RadioGroupPrimitive.Root
      aria-labelledby={labelledBy}
      value={String(value)}
      onValueChange={(next) => onChange(Number(next))}
      orientation="horizontal"
      loop={false}
      className="flex gap-1"
    >
      {STARS.map((star) => (
        <RadioGroupPrimitive.Item
          key={star}
          value={String(star)}
          aria-label={star === 1 ? '1 star' : `${star} stars`}
          className="rounded-md p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring cursor-pointer"
        >
          <Star
            aria-hidden
            className={cn(
              'size-8 transition-colors',
              star <= value ? 'fill-warning text-warning' : 'text-muted-foreground',
            )}
          />
        </RadioGroupPrimitive.Item>
      ))}
    </RadioGroupPrimitive.Root>
  );
}

/** A read-only row of stars for a listed review. */
export function StarsShown({ rating }: { rating: number }) {
  return (
    <span className="flex items-center gap-0.5" role="img" aria-label={`${rating} out of 5 stars`}>
      {STARS.map((star) => (
        <Star
          key={star}
          aria-hidden
          className={star <= rating ? 'size-4 fill-warning text-warning' : 'size-4 text-muted-foreground'}
        />
      ))}
    </span>
  );
}
