import { QuantityField } from '@client/components/quantity-field';
import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toaster';
import { typedDollars } from '@client/lib/typed-dollars';
import { formatCents } from '@common/money';
import type { FanQueueShow } from '@common/schemas/fan-queue';
import { FAN_QUEUE_TEXT } from '@common/texts/fan-queue';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { fieldErrorsOf, messageOf, useJoinFanQueue, useLeaveFanQueue } from '../api';
import { type Errors, loadJoinSchema, refusalErrors } from '../join-values';
import { FanQueueCardChoice } from './fan-queue-card-choice';

export interface FanQueueFormProps {
  eventName: string;
  show: FanQueueShow;
  /** Called once the member left: their Leave button is gone, so the panel takes the focus. */
  onLeft: () => void;
}

/** Dollars for the price field from an entry's cents: '45.50'. */
const dollarsToType = (cents: number) => (cents / 100).toFixed(2);

/**
 * Joining the show's line, or changing the member's entry (its place is kept), and leaving it: the quantity
 * and the most per ticket, all-in, as the price alert asks them.
 */
export function FanQueueForm({ eventName, show, onLeft }: FanQueueFormProps) {
  const { eventId, mine, maxQuantity, referencePriceCents } = show;
  const join = useJoinFanQueue(eventId);
  const leave = useLeaveFanQueue(eventId);
  const id = useId();
  const [quantity, setQuantity] = useState(String(Math.min(2, Math.max(1, maxQuantity))));
  const [price, setPrice] = useState('');
  const [buyForMe, setBuyForMe] = useState(false);
  const [card, setCard] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const reference = referencePriceCents === null ? null : formatCents(referencePriceCents);

  const mineQuantity = mine?.quantity;
  const minePriceCents = mine?.maxPriceCents;
  const mineCard = mine === null ? undefined : (mine.card?.id ?? '');
  useEffect(() => {
    // The entry as the server keeps it fills the form, to change from there; a re-read of the line as it
    // moves changes none of it, so what the member is typing stays.
    if (mineQuantity === undefined || minePriceCents === undefined) return;
    setQuantity(String(mineQuantity));
    setPrice(dollarsToType(minePriceCents));
  }, [mineQuantity, minePriceCents]);
  useEffect(() => {
    if (mineCard === undefined) return;
    setBuyForMe(mineCard !== '');
    setCard(mineCard);
  }, [mineCard]);

  useEffect(() => {
    loadJoinSchema().catch(() => undefined);
  }, []);

  // The card's select is the picker's own; its error is read out from there once focused.
  const focusField = (found: Errors) =>
    found.quantity || found.maxPrice
      ? document.getElementById(`${id}-${found.quantity ? 'quantity' : 'price'}`)?.focus()
      : document.querySelector<HTMLSelectElement>(`#${CSS.escape(`${id}-card`)} select`)?.focus();

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The button stays enabled while sending, so the focus never falls from it; a second press waits.
    if (join.isPending || leave.isPending) return;
    const maxPrice = typedDollars(price);
    let schema: Awaited<ReturnType<typeof loadJoinSchema>>;
    try {
      schema = await loadJoinSchema();
    } catch {
      setErrors({ form: mine ? FAN_QUEUE_TEXT.updateFailed : FAN_QUEUE_TEXT.joinFailed });
      return;
    }
    const parsed = schema.safeParse({
      quantity: Number(quantity),
      maxPrice: maxPrice === null ? Number.NaN : maxPrice,
      paymentMethodId: buyForMe ? card : null,
    });
    const found: Errors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'quantity' || field === 'maxPrice' || field === 'paymentMethodId') && !found[field])
          found[field] = issue.message;
      }
    if (maxPrice === null) found.maxPrice = FAN_QUEUE_TEXT.maxPriceInvalid;
    // The show's reference price caps the entry (the server checks it too).
    else if (reference && maxPrice !== undefined && referencePriceCents !== null)
      if (Math.round(maxPrice * 100) > referencePriceCents && !found.maxPrice)
        found.maxPrice = FAN_QUEUE_TEXT.aboveReference(reference);
    if (!parsed.success || found.quantity || found.maxPrice || found.paymentMethodId) {
      setErrors(found);
      focusField(found);
      return;
    }
    setErrors({});
    const changing = mine !== null;
    join.mutate(parsed.data, {
      onSuccess: () =>
        toast(
          changing
            ? { title: FAN_QUEUE_TEXT.updatedTitle, description: FAN_QUEUE_TEXT.updated }
            : { title: FAN_QUEUE_TEXT.joinedTitle, description: FAN_QUEUE_TEXT.joined(eventName) },
        ),
      onError: (error) => {
        const refused = refusalErrors(
          fieldErrorsOf(error),
          messageOf(error, changing ? FAN_QUEUE_TEXT.updateFailed : FAN_QUEUE_TEXT.joinFailed),
        );
        setErrors(refused);
        // A field the server refused takes the focus, so its message (its description) is read out.
        if (refused.quantity || refused.maxPrice || refused.paymentMethodId) focusField(refused);
      },
    });
  }

  function leaveLine() {
    if (join.isPending || leave.isPending) return;
    setErrors({});
    leave.mutate(undefined, {
      onSuccess: () => {
        setPrice('');
        toast({ title: FAN_QUEUE_TEXT.leftTitle, description: FAN_QUEUE_TEXT.left(eventName) });
        onLeft();
      },
      onError: (error) => setErrors({ form: messageOf(error, FAN_QUEUE_TEXT.leaveFailed) }),
    });
  }

  const describedBy = (field: 'quantity' | 'maxPrice', hint?: string) =>
    [hint, errors[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const quantities = Array.from({ length: Math.max(1, maxQuantity) }, (_, index) => index + 1);
  // A closed show (it began, or was cancelled) keeps its line but takes no changes: only Leave.
  const canChange = show.open;
  if (!canChange && !mine) return null;

  return (
    <form
      aria-label={mine ? FAN_QUEUE_TEXT.update : FAN_QUEUE_TEXT.join}
      noValidate
      onSubmit={(event) => void submit(event)}
      // One column no child can widen: the panel is a narrow side column on wide screens.
      className="grid grid-cols-1 gap-4"
    >
      {errors.form ? (
        <Alert variant="destructive">
          <AlertDescription>{errors.form}</AlertDescription>
        </Alert>
      ) : null}
      {canChange ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
          <QuantityField
            id={`${id}-quantity`}
            label={FAN_QUEUE_TEXT.quantityLabel}
            value={quantity}
            counts={quantities}
            error={errors.quantity}
            onChange={setQuantity}
          />
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-price`}>{FAN_QUEUE_TEXT.maxPriceLabel}</Label>
            <Input
              id={`${id}-price`}
              inputMode="decimal"
              autoComplete="off"
              maxLength={12}
              value={price}
              aria-invalid={errors.maxPrice ? true : undefined}
              aria-describedby={describedBy('maxPrice', reference ? `${id}-hint` : undefined)}
              onChange={(event) => setPrice(event.target.value)}
            />
            {reference ? (
              <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                {FAN_QUEUE_TEXT.maxPriceHint(reference)}
              </p>
            ) : null}
            {errors.maxPrice ? (
              <p id={`${id}-maxPrice-error`} className="text-sm text-destructive">
                {errors.maxPrice}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
      {canChange ? (
        <div id={`${id}-card`}>
          <FanQueueCardChoice
            buyForMe={buyForMe}
            onBuyForMeChange={setBuyForMe}
            card={card}
            onCardChange={setCard}
            error={errors.paymentMethodId}
          />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {canChange ? (
          <Button type="submit" aria-disabled={join.isPending}>
            {mine
              ? join.isPending
                ? FAN_QUEUE_TEXT.updating
                : FAN_QUEUE_TEXT.update
              : join.isPending
                ? FAN_QUEUE_TEXT.joining
                : FAN_QUEUE_TEXT.join}
          </Button>
        ) : null}
        {mine ? (
          <Button variant="outline" aria-disabled={leave.isPending} onClick={leaveLine}>
            {leave.isPending ? FAN_QUEUE_TEXT.leaving : FAN_QUEUE_TEXT.leave}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
