import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { toast } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { BID_SCREEN_TEXT, BID_TEXT } from '@common/messages';
import type { Bid } from '@common/schemas/bids';
import { type FormEvent, useRef, useState } from 'react';
import { messageOf, useCreateBid } from '../api';
import {
  type BidFormErrors,
  type BidFormField,
  type BidFormValues,
  EMPTY_BID_FORM,
  maxPriceCents,
  serverFieldErrors,
  toCreateBid,
} from '../bid-form-values';
import type { PaymentMethodPickerSlot } from '../slots';
import { AutoPurchaseNotice } from './auto-purchase-notice';
import { BidTermsFields } from './bid-terms-fields';
import { CostExampleBox } from './cost-example-box';
import { EventSearch } from './event-search';
import { SelectedEventCard } from './selected-event-card';

export interface CreateBidDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated(bid: Bid): void;
  /** Where focus goes when the dialog closes (the Create New Bid button). */
  returnFocusTo(): HTMLElement | null;
  renderPaymentMethodPicker: PaymentMethodPickerSlot;
}

const FIELD_ORDER: BidFormField[] = [
  'event',
  'maxPrice',
  'quantity',
  'section',
  'paymentMethodId',
  'acknowledged',
];

/** The Create Bid dialog of My Bids (spec 001 §2, §5, §8). */
export function CreateBidDialog({ open, onOpenChange, returnFocusTo, ...props }: CreateBidDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-2xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo()?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{BID_SCREEN_TEXT.createTitle}</DialogTitle>
          <DialogDescription>{BID_SCREEN_TEXT.createDescription}</DialogDescription>
        </DialogHeader>
        {open ? <CreateBidForm close={() => onOpenChange(false)} {...props} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CreateBidForm({
  close,
  onCreated,
  renderPaymentMethodPicker,
}: Pick<CreateBidDialogProps, 'onCreated' | 'renderPaymentMethodPicker'> & { close(): void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<BidFormValues>(EMPTY_BID_FORM);
  const [query, setQuery] = useState('');
  const [errors, setErrors] = useState<BidFormErrors>({});
  const create = useCreateBid();
  const set = <K extends keyof BidFormValues>(field: K, value: BidFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const focusField = (field: BidFormField) =>
    formRef.current
      ?.querySelector<HTMLElement>(`[data-field="${field}"] :is(input, select, button):not([disabled])`)
      ?.focus();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = toCreateBid(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      const first = FIELD_ORDER.find((field) => checked.errors[field]);
      if (first) focusField(first);
      return;
    }
    setErrors({});
    create.mutate(checked.bid, {
      onSuccess: (bid) => {
        toast({ title: BID_TEXT.createdTitle, description: BID_TEXT.createSucceeded });
        onCreated(bid);
        close();
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(serverFieldErrors(error.body));
        const message = messageOf(error, BID_TEXT.createFailed);
        // The 2-bid limit reached meanwhile (another tab) reads as the page's own refusal.
        const limit = message === `${BID_TEXT.limitTitle}: ${BID_TEXT.limit}`;
        toast({
          title: limit ? BID_TEXT.limitTitle : BID_TEXT.createFailedFallback,
          description: limit ? BID_TEXT.limit : message,
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-5">
      <div data-field="event" className="grid gap-2">
        {values.event ? (
          <SelectedEventCard
            event={values.event}
            onClear={() => {
              set('event', null);
              setTimeout(() => focusField('event'), 0);
            }}
          />
        ) : (
          <EventSearch
            query={query}
            onQueryChange={setQuery}
            error={errors.event}
            onSelect={(concert) => {
              set('event', concert);
              // The search gives way to the card; its clear-selection button takes focus.
              setTimeout(() => focusField('event'), 0);
            }}
          />
        )}
      </div>
      <BidTermsFields values={values} errors={errors} set={set} />
      <div data-field="paymentMethodId">
        {renderPaymentMethodPicker({
          value: values.paymentMethodId,
          onChange: (id) => set('paymentMethodId', id),
          error: errors.paymentMethodId,
        })}
      </div>
      <AutoPurchaseNotice
        acknowledged={values.acknowledged}
        onAcknowledgedChange={(checked) => set('acknowledged', checked)}
        error={errors.acknowledged}
      />
      <CostExampleBox maxCents={maxPriceCents(values.maxPrice)} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={close}>
          {BID_TEXT.cancel}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? BID_SCREEN_TEXT.creating : BID_TEXT.createBid}
        </Button>
      </div>
    </form>
  );
}
