import { Label } from '@client/components/ui/label';
import { allowedQuantities, SPLIT_RULE_BUYER_HINTS, type SplitRule } from '@common/splits';
import { useId } from 'react';

interface QuantityPickerProps {
  /** The tickets held now. */
  quantity: number;
  /** What the buyer may choose from: what the listing has left, with the ones they hold. */
  available: number;
  splitRule: SplitRule;
  busy: boolean;
  onChange: (quantity: number) => void;
}

/** How many of a listing's tickets to buy, as its split rule allows (decision 0062). */
export function QuantityPicker({ quantity, available, splitRule, busy, onChange }: QuantityPickerProps) {
  const id = useId();
  const hintId = useId();
  const choices = allowedQuantities(splitRule, available);
  if (!choices.includes(quantity)) choices.push(quantity);
  choices.sort((a, b) => a - b);
  const hint = SPLIT_RULE_BUYER_HINTS[splitRule];
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-3">
        <Label htmlFor={id}>Tickets</Label>
        <select
          id={id}
          value={quantity}
          aria-busy={busy}
          aria-describedby={hint ? hintId : undefined}
          // Not disabled while busy: a disabled control would drop the keyboard focus.
          onChange={(event) => (busy ? undefined : onChange(Number(event.target.value)))}
          className="h-10 rounded-md border border-input bg-surface px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-busy:opacity-70"
        >
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
        <span className="text-sm text-muted-foreground">of {available}</span>
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
