import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { SANDBOX_CHECKOUT_TEXT } from '@common/messages';
import { Lock } from 'lucide-react';
import type { FormEvent } from 'react';
import { type CardDetails, formatCardNumber } from '../api';

const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** The inputs' ids, so the page can put focus on a field it asks for. */
export const CARD_FIELD_IDS: Record<keyof CardDetails, string> = {
  cardNumber: 'card-number',
  expMonth: 'exp-month',
  expYear: 'exp-year',
  cvc: 'cvc',
};

interface CardFieldProps {
  id: string;
  /** Marked invalid and described by the form's error. */
  describedBy: string | null;
  label: string;
  autoComplete: string;
  placeholder: string;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
}

function CardField({ id, label, onChange, describedBy, ...input }: CardFieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        inputMode="numeric"
        {...input}
        aria-invalid={describedBy ? true : undefined}
        aria-describedby={describedBy ?? undefined}
        onChange={(event) => onChange(event.target.value)}
        required
      />
    </div>
  );
}

interface CardFormProps {
  card: CardDetails;
  onChange: (card: CardDetails) => void;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  payLabel: string;
  /** The field the error above the form is about. */
  invalidField: keyof CardDetails | null;
  errorId: string;
}

/** The sandbox checkout's card form: number, expiry and CVC, digits only, and the Pay button. */
export function CardForm({ card, onChange, onSubmit, busy, payLabel, invalidField, errorId }: CardFormProps) {
  const describedBy = (field: keyof CardDetails) => (invalidField === field ? errorId : null);
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <CardField
        id={CARD_FIELD_IDS.cardNumber}
        describedBy={describedBy('cardNumber')}
        label={SANDBOX_CHECKOUT_TEXT.cardNumber}
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        maxLength={23}
        value={card.cardNumber}
        onChange={(value) => onChange({ ...card, cardNumber: formatCardNumber(value) })}
      />
      <div className="grid grid-cols-3 gap-3">
        <CardField
          id={CARD_FIELD_IDS.expMonth}
          describedBy={describedBy('expMonth')}
          label={SANDBOX_CHECKOUT_TEXT.expMonth}
          autoComplete="cc-exp-month"
          placeholder="MM"
          maxLength={2}
          value={card.expMonth}
          onChange={(value) => onChange({ ...card, expMonth: digitsOnly(value) })}
        />
        <CardField
          id={CARD_FIELD_IDS.expYear}
          describedBy={describedBy('expYear')}
          label={SANDBOX_CHECKOUT_TEXT.expYear}
          autoComplete="cc-exp-year"
          placeholder="YY"
          maxLength={4}
          value={card.expYear}
          onChange={(value) => onChange({ ...card, expYear: digitsOnly(value) })}
        />
        <CardField
          id={CARD_FIELD_IDS.cvc}
          describedBy={describedBy('cvc')}
          label={SANDBOX_CHECKOUT_TEXT.cvc}
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={card.cvc}
          onChange={(value) => onChange({ ...card, cvc: digitsOnly(value) })}
        />
      </div>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? <Spinner className="size-4 text-primary-foreground" label="Paying" /> : <Lock aria-hidden />}
        {payLabel}
      </Button>
    </form>
  );
}
