import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { ApiError } from '@client/lib/api';
import { PAYMENT_METHOD_SCREEN_TEXT, PAYMENT_METHOD_TEXT } from '@common/messages';
import { type FormEvent, useId, useState } from 'react';
import { confirmSandboxSetup } from './api';
import type { CardFormProps } from './card-setup';

type Field = 'cardNumber' | 'expiry' | 'cvc';
type FieldErrors = Partial<Record<Field, string>>;

/** '12/31' or '12/2031' → month and year; null when it is not an expiry. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const expMonth = Number(match[1]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: Number(match[2]) };
}

/** Which field a server refusal is about, by its field name or its (Stripe-worded) message. */
function fieldOf(error: ApiError): Field | null {
  const body = error.body as { fieldErrors?: Record<string, unknown> } | null;
  const named = Object.keys(body?.fieldErrors ?? {})[0];
  if (named === 'cardNumber' || named === 'cvc') return named;
  if (named === 'expMonth' || named === 'expYear') return 'expiry';
  switch (error.serverMessage) {
    case PAYMENT_METHOD_TEXT.cardNumberInvalid:
      return 'cardNumber';
    case PAYMENT_METHOD_TEXT.expiryInvalid:
    case PAYMENT_METHOD_TEXT.expiryPast:
      return 'expiry';
    case PAYMENT_METHOD_TEXT.cvcInvalid:
      return 'cvc';
    default:
      return null;
  }
}

/**
 * The sandbox's card form (the local default): Encore's own fields, confirmed through the sandbox route,
 * which keeps only the brand, last four digits and expiry, as Stripe would.
 */
export function SandboxCardForm({ setup, onConfirmed, onFailed }: CardFormProps) {
  const id = useId();
  const [values, setValues] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const expiry = parseExpiry(values.expiry);
    const next: FieldErrors = {};
    if (values.cardNumber.replace(/\s/g, '') === '') next.cardNumber = PAYMENT_METHOD_TEXT.cardNumberInvalid;
    if (!expiry) next.expiry = PAYMENT_METHOD_TEXT.expiryInvalid;
    if (values.cvc.trim() === '') next.cvc = PAYMENT_METHOD_TEXT.cvcInvalid;
    setErrors(next);
    const first = (Object.keys(next) as Field[])[0];
    if (first || !expiry) {
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setSaving(true);
    let paymentMethodId: string;
    try {
      paymentMethodId = await confirmSandboxSetup(setup.setupIntentId, {
        clientSecret: setup.clientSecret,
        cardNumber: values.cardNumber.trim(),
        cvc: values.cvc.trim(),
        ...expiry,
      });
    } catch (error) {
      setSaving(false);
      const field = error instanceof ApiError ? fieldOf(error) : null;
      if (field && error instanceof ApiError) {
        setErrors({ [field]: error.serverMessage });
        document.getElementById(`${id}-${field}`)?.focus();
      } else {
        onFailed(
          error instanceof ApiError && error.serverMessage
            ? error.serverMessage
            : PAYMENT_METHOD_TEXT.setupFailed,
        );
      }
      return;
    }
    await onConfirmed(paymentMethodId);
    setSaving(false);
  }

  function field(name: Field, label: string, props: React.ComponentProps<typeof Input>) {
    const fieldId = `${id}-${name}`;
    const error = errors[name];
    return (
      <div className="grid gap-1.5">
        <Label htmlFor={fieldId}>{label}</Label>
        <Input
          id={fieldId}
          value={values[name]}
          onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          {...props}
        />
        {error ? (
          <p id={`${fieldId}-error`} className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <p className="rounded-md bg-info-soft px-3 py-2 text-sm text-info">
        {PAYMENT_METHOD_SCREEN_TEXT.sandboxNotice}
      </p>
      {field('cardNumber', PAYMENT_METHOD_TEXT.cardNumber, {
        inputMode: 'numeric',
        autoComplete: 'cc-number',
        placeholder: PAYMENT_METHOD_SCREEN_TEXT.cardNumberPlaceholder,
        maxLength: 32,
      })}
      <div className="grid grid-cols-2 gap-3">
        {field('expiry', PAYMENT_METHOD_TEXT.expiry, {
          inputMode: 'numeric',
          autoComplete: 'cc-exp',
          placeholder: PAYMENT_METHOD_SCREEN_TEXT.expiryPlaceholder,
          maxLength: 7,
        })}
        {field('cvc', PAYMENT_METHOD_TEXT.cvc, {
          inputMode: 'numeric',
          autoComplete: 'cc-csc',
          placeholder: PAYMENT_METHOD_SCREEN_TEXT.cvcPlaceholder,
          maxLength: 8,
        })}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          disabled={saving}
          onClick={() => {
            setValues({ cardNumber: '', expiry: '', cvc: '' });
            setErrors({});
            document.getElementById(`${id}-cardNumber`)?.focus();
          }}
        >
          {PAYMENT_METHOD_TEXT.clear}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? PAYMENT_METHOD_SCREEN_TEXT.saving : PAYMENT_METHOD_TEXT.addButton}
        </Button>
      </div>
    </form>
  );
}
