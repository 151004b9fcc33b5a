import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { cn } from '@client/lib/cn';
import { BID_SCREEN_TEXT, BID_TEXT } from '@common/messages';
import { BID_QUANTITY_MAX } from '@common/schemas/bids';
import { TEXT_LIMITS } from '@common/schemas/text';
import { useId } from 'react';
import type { BidFormErrors, BidFormValues } from '../bid-form-values';
import { AveragePriceHint } from './average-price-hint';

const QUANTITIES = Array.from({ length: BID_QUANTITY_MAX }, (_, index) => index + 1);

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="text-sm text-destructive">
      {error}
    </p>
  ) : null;
}

/** Maximum Amount with its average-price hint, Quantity 1–8 and Section (Optional) (spec 001 §2, §5). */
export function BidTermsFields({
  values,
  errors,
  set,
}: {
  values: BidFormValues;
  errors: BidFormErrors;
  set<K extends keyof BidFormValues>(field: K, value: BidFormValues[K]): void;
}) {
  const id = useId();
  const describedBy = (field: keyof BidFormErrors, ...more: string[]) =>
    [errors[field] ? `${id}-${field}-error` : null, ...more].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div data-field="maxPrice" className="grid gap-1.5 sm:col-span-2">
        <Label htmlFor={`${id}-max`}>
          {BID_TEXT.maximumAmount}
          <span aria-hidden> *</span>
        </Label>
        <Input
          id={`${id}-max`}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder="0.00"
          value={values.maxPrice}
          onChange={(event) => set('maxPrice', event.target.value)}
          aria-invalid={errors.maxPrice ? true : undefined}
          aria-describedby={describedBy('maxPrice', `${id}-max-hint`, `${id}-average`)}
        />
        <FieldError id={`${id}-maxPrice-error`} error={errors.maxPrice} />
        <p id={`${id}-max-hint`} className="text-xs text-muted-foreground">
          {BID_SCREEN_TEXT.maximumAmountHint}
        </p>
        <AveragePriceHint id={`${id}-average`} event={values.event} quantity={values.quantity} />
      </div>
      <div data-field="quantity" className="grid gap-1.5">
        <Label htmlFor={`${id}-quantity`}>{BID_SCREEN_TEXT.quantityLabel}</Label>
        <select
          id={`${id}-quantity`}
          value={values.quantity}
          onChange={(event) => set('quantity', Number(event.target.value))}
          aria-invalid={errors.quantity ? true : undefined}
          aria-describedby={describedBy('quantity')}
          className={cn(
            'h-10 cursor-pointer rounded-md border border-input bg-surface px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            errors.quantity && 'border-destructive',
          )}
        >
          {QUANTITIES.map((quantity) => (
            <option key={quantity} value={quantity}>
              {quantity}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-quantity-error`} error={errors.quantity} />
      </div>
      <div data-field="section" className="grid gap-1.5">
        <Label htmlFor={`${id}-section`}>{BID_TEXT.sectionOptional}</Label>
        <Input
          id={`${id}-section`}
          value={values.section}
          maxLength={TEXT_LIMITS.shortText}
          placeholder={BID_SCREEN_TEXT.sectionPlaceholder}
          onChange={(event) => set('section', event.target.value)}
          aria-invalid={errors.section ? true : undefined}
          aria-describedby={describedBy('section')}
        />
        <FieldError id={`${id}-section-error`} error={errors.section} />
      </div>
    </div>
  );
}
