import { Label } from '@client/components/ui/label';

export interface QuantityFieldProps {
  /** The select's id; its error is `${id}-error`. */
  id: string;
  label: string;
  value: string;
  /** The counts offered, 1 to the most allowed. */
  counts: number[];
  error?: string;
  onChange: (value: string) => void;
}

/** "How many tickets": a select of counts with its error below (the price alert's and the Fan Queue's). */
export function QuantityField({ id, label, value, counts, error, onChange }: QuantityFieldProps) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className="h-10 rounded-md border border-input bg-surface px-3 text-sm"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {counts.map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
