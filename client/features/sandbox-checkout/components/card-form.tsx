import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { SANDBOX_CHECKOUT_TEXT } from '@common/messages';
import { Lock } from 'lucide-react';
import type { FormEvent } from 'react';
import { type CardDetails, formatCardNumber } from '../api';

const digitsOnly = (value: string) => value.replace(/\D/g, '');

interface CardFieldProps {
  id: string;
  label: string;
  autoComplete: string;
  placeholder: string;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
}

function CardField({ id, label, onChange, ...input }: CardFieldProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        inputMode="numeric"
        {...input}
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
}

/** The sandbox checkout's card form: number, expiry and CVC, digits only, and the Pay button. */
export function CardForm({ card, onChange, onSubmit, busy, payLabel }: CardFormProps) {
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <CardField
        id="card-number"
        label={SANDBOX_CHECKOUT_TEXT.cardNumber}
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        maxLength={23}
        value={card.cardNumber}
        onChange={(value) => onChange({ ...card, cardNumber: formatCardNumber(value) })}
      />
      <div className="grid grid-cols-3 gap-3">
        <CardField
          id="exp-month"
          label={SANDBOX_CHECKOUT_TEXT.expMonth}
          autoComplete="cc-exp-month"
          placeholder="MM"
          maxLength={2}
          value={card.expMonth}
          onChange={(value) => onChange({ ...card, expMonth: digitsOnly(value) })}
        />
        <CardField
          id="exp-year"
          label={SANDBOX_CHECKOUT_TEXT.expYear}
          autoComplete="cc-exp-year"
          placeholder="YY"
          maxLength={4}
          value={card.expYear}
          onChange={(value) => onChange({ ...card, expYear: digitsOnly(value) })}
        />
        <CardField
          id="cvc"
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
