import { QuantityField } from '@client/components/quantity-field';
import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toaster';
import { typedDollars } from '@client/lib/typed-dollars';
import { PRICE_ALERT_QUANTITY_MAX } from '@common/constants';
import { PRICE_ALERT_TEXT } from '@common/texts/price-alerts';
import { BellRing } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { fieldErrorsOf, messageOf, useCreatePriceAlert } from '../api';
import { EventPriceAlerts } from './event-price-alerts';

export interface PriceAlertFormProps {
  eventId: number;
  eventName: string;
}

type Field = 'quantity' | 'maxPrice';
type Errors = Partial<Record<Field | 'form', string>>;

const QUANTITIES = Array.from({ length: PRICE_ALERT_QUANTITY_MAX }, (_, index) => index + 1);
/**
 * The request's schema (zod, with the shared text rules) loads once the form shows, which only a member's
 * page loads (decision 0082). A failed load is tried again by the next
 * submit.
 */
type CreateSchema = typeof import('@common/schemas/price-alerts')['createPriceAlertSchema'];
let createSchema: Promise<CreateSchema> | undefined;
function loadCreateSchema(): Promise<CreateSchema> {
  createSchema ??= import('@common/schemas/price-alerts').then(
    (module) => module.createPriceAlertSchema,
    (error: unknown) => {
      createSchema = undefined;
      throw error;
    },
  );
  return createSchema;
}

/**
 * "Tell me when N tickets for this show are listed at or below $X each" (decision 0060): a member's quantity
 * and the most per ticket, all-in (`PriceAlertPanel` offers a visitor sign-in instead).
 */
export function PriceAlertForm({ eventId, eventName }: PriceAlertFormProps) {
  const create = useCreatePriceAlert();
  const id = useId();
  const [quantity, setQuantity] = useState('2');
  const [price, setPrice] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const titleId = `${id}-title`;
  useEffect(() => {
    loadCreateSchema().catch(() => undefined);
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Create stays enabled while sending, so the focus never falls from it; a second press waits its turn.
    if (create.isPending) return;
    const maxPrice = typedDollars(price);
    let schema: CreateSchema;
    try {
      schema = await loadCreateSchema();
    } catch {
      setErrors({ form: PRICE_ALERT_TEXT.createFailed });
      return;
    }
    const parsed = schema.safeParse({
      eventId,
      quantity: Number(quantity),
      maxPrice: maxPrice === null ? Number.NaN : maxPrice,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'quantity' || field === 'maxPrice') && !found[field]) found[field] = issue.message;
      }
      if (maxPrice === null) found.maxPrice = PRICE_ALERT_TEXT.maxPriceInvalid;
      setErrors(found);
      document.getElementById(`${id}-${found.quantity ? 'quantity' : 'price'}`)?.focus();
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ merged }) => {
        setPrice('');
        toast(
          merged
            ? { title: PRICE_ALERT_TEXT.mergedTitle, description: PRICE_ALERT_TEXT.merged(eventName) }
            : { title: PRICE_ALERT_TEXT.createdTitle, description: PRICE_ALERT_TEXT.created(eventName) },
        );
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        setErrors({
          quantity: fields.quantity,
          maxPrice: fields.maxPrice,
          form:
            fields.quantity || fields.maxPrice ? undefined : messageOf(error, PRICE_ALERT_TEXT.createFailed),
        });
        // A field the server refused takes the focus, so its message (its description) is read out.
        if (fields.quantity || fields.maxPrice)
          document.getElementById(`${id}-${fields.quantity ? 'quantity' : 'price'}`)?.focus();
      },
    });
  }

  const describedBy = (field: Field, hint?: string) =>
    [hint, errors[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <Card className="p-5">
      <form
        aria-labelledby={titleId}
        noValidate
        onSubmit={(event) => void submit(event)}
        className="grid gap-4"
      >
        <div className="grid gap-1">
          <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
            <BellRing className="size-5 text-info" aria-hidden />
            {PRICE_ALERT_TEXT.formTitle}
          </h2>
          <p id={`${id}-intro`} className="text-sm text-muted-foreground">
            {PRICE_ALERT_TEXT.formIntro}
          </p>
        </div>
        {errors.form ? (
          <Alert variant="destructive">
            <AlertDescription>{errors.form}</AlertDescription>
          </Alert>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <QuantityField
            id={`${id}-quantity`}
            label={PRICE_ALERT_TEXT.quantityLabel}
            value={quantity}
            counts={QUANTITIES}
            error={errors.quantity}
            onChange={setQuantity}
          />
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-price`}>{PRICE_ALERT_TEXT.maxPriceLabel}</Label>
            <Input
              id={`${id}-price`}
              inputMode="decimal"
              autoComplete="off"
              maxLength={12}
              value={price}
              aria-invalid={errors.maxPrice ? true : undefined}
              aria-describedby={describedBy('maxPrice', `${id}-intro`)}
              onChange={(event) => setPrice(event.target.value)}
            />
            {errors.maxPrice ? (
              <p id={`${id}-maxPrice-error`} className="text-sm text-destructive">
                {errors.maxPrice}
              </p>
            ) : null}
          </div>
        </div>
        <Button type="submit" aria-disabled={create.isPending} className="justify-self-start">
          {create.isPending ? PRICE_ALERT_TEXT.submitting : PRICE_ALERT_TEXT.submit}
        </Button>
      </form>
      <EventPriceAlerts eventId={eventId} />
    </Card>
  );
}
