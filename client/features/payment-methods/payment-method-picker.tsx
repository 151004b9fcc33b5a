import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/toaster';
import { cn } from '@client/lib/cn';
import { PAYMENT_METHOD_SCREEN_TEXT, PAYMENT_METHOD_TEXT } from '@common/messages';
import type { PaymentMethod } from '@common/schemas/payment-methods';
import { Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { AddPaymentMethodDialog } from './add-payment-method-dialog';
import { usePaymentMethods } from './api';
import { RemovePaymentMethod } from './remove-payment-method';

export interface PaymentMethodPickerProps {
  /** The chosen card's provider id; '' for none. */
  value: string;
  onChange(id: string): void;
  /** Shows the label with a required mark. */
  required?: boolean;
  /** The form's message for this field, shown under it. */
  error?: string;
  /** Add Payment Method under the select at every width (a narrow side panel). */
  stacked?: boolean;
}

export function cardName(card: PaymentMethod): string {
  return PAYMENT_METHOD_SCREEN_TEXT.option(
    card.brand,
    card.last4,
    PAYMENT_METHOD_TEXT.expires(card.expMonth, card.expYear),
  );
}

/**
 * The card picker of spec 001 §2: a labelled select of the saved cards, Add Payment Method (the dialog
 * selects the new card), Remove for the chosen one, the empty hint, and a load failure inline and as a toast.
 */
export function PaymentMethodPicker({
  value,
  onChange,
  required = false,
  error,
  stacked = false,
}: PaymentMethodPickerProps) {
  const id = useId();
  const cards = usePaymentMethods();
  const [adding, setAdding] = useState(false);
  const selectRef = useRef<HTMLSelectElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const list = cards.data ?? [];
  const chosen = list.find((card) => card.id === value) ?? null;

  useEffect(() => {
    if (cards.isError)
      toast({
        title: PAYMENT_METHOD_SCREEN_TEXT.errorTitle,
        description: PAYMENT_METHOD_TEXT.loadFailed,
        variant: 'destructive',
      });
  }, [cards.isError]);

  // A form opened with one saved card starts with it chosen.
  const only = list.length === 1 ? list[0]?.id : undefined;
  useEffect(() => {
    if (only && value === '') onChange(only);
  }, [only, value, onChange]);

  const describedBy = [
    error ? `${id}-error` : null,
    list.length === 0 && cards.isSuccess ? `${id}-empty` : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {PAYMENT_METHOD_TEXT.label}
        {required ? <span aria-hidden> *</span> : null}
      </Label>
      {cards.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" label={PAYMENT_METHOD_SCREEN_TEXT.loading} />
          {PAYMENT_METHOD_SCREEN_TEXT.loading}
        </p>
      ) : null}
      {cards.isError ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-destructive">
          {PAYMENT_METHOD_TEXT.loadFailed}
          <Button variant="link" size="sm" onClick={() => void cards.refetch()}>
            {PAYMENT_METHOD_SCREEN_TEXT.retry}
          </Button>
        </p>
      ) : null}
      <div className={cn('flex flex-col gap-2', !stacked && 'sm:flex-row')}>
        <select
          ref={selectRef}
          id={id}
          value={chosen ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          disabled={list.length === 0}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={cn(
            'h-10 min-w-0 shrink-0 cursor-pointer rounded-md border border-input bg-surface px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60',
            !stacked && 'sm:flex-1',
            error && 'border-destructive',
          )}
        >
          <option value="">{PAYMENT_METHOD_SCREEN_TEXT.placeholder}</option>
          {list.map((card) => (
            <option key={card.id} value={card.id}>
              {cardName(card)}
            </option>
          ))}
        </select>
        <AddPaymentMethodDialog
          open={adding}
          onOpenChange={setAdding}
          onAdded={(card) => onChange(card.id)}
          trigger={
            <Button ref={addRef} variant="outline">
              <Plus aria-hidden />
              {PAYMENT_METHOD_TEXT.addButton}
            </Button>
          }
        />
      </div>
      {cards.isSuccess && list.length === 0 ? (
        <p id={`${id}-empty`} className="text-sm text-muted-foreground">
          {PAYMENT_METHOD_TEXT.empty}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {chosen ? (
        <RemovePaymentMethod
          card={chosen}
          name={cardName(chosen)}
          onRemoved={(remaining) => {
            onChange('');
            // The Remove button goes with the card: focus moves to the select, or to Add when none is left.
            setTimeout(() => (remaining > 0 ? selectRef.current : addRef.current)?.focus(), 0);
          }}
        />
      ) : null}
    </div>
  );
}
