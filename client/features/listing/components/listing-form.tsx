import { Button } from '@client/components/ui/button';
import { PageSpinner } from '@client/components/ui/spinner';
import { toast, useScreenToasts } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/session';
import { LISTING_NOTICE_TEXT, LISTING_TEXT, TICKET_TEXT } from '@common/messages';
import type { VerificationPrompt } from '@common/schemas/tickets';
import { IDENTITY_TEXT } from '@common/texts/verified-sellers';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Eraser, ImageIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useEditLock, useSaveTicket, useTicketDetails } from '../api';
import {
  emptyListingForm,
  formValuesFromTicket,
  type ListingFormValues,
  listingFormSchema,
  pricingInput,
} from '../listing-form-values';
import { AgreementSection } from './agreement-section';
import { EditorNotice } from './editor-notice';
import { EventSection, type UpdateField } from './event-section';
import { FormSection } from './form-parts';
import { HowItWorksDialog } from './how-it-works-dialog';
import { ListingBarcodeField, uploadChosenBarcode } from './listing-barcode-field';
import { PriceBreakdownCard, PriceBreakdownUnavailable } from './price-breakdown-card';
import { PricingSection } from './pricing-section';
import { SeatsSection } from './seats-section';
import { TicketImageUploader } from './ticket-image-uploader';
import { TicketTypeSection } from './ticket-type-section';

export interface ListingFormProps {
  /** The listing to edit; null lists a new ticket. */
  ticketId: number | null;
  /** Closes the editor (edit mode's Back button). */
  onClose(): void;
  /**
   * Called after a successful create (the spec sends the seller to '/'), with what the seller is asked
   * about their identity (decision 0086).
   */
  onCreated(verificationPrompt: VerificationPrompt): void;
  /** Whether the form holds changes that are not saved (the page warns before they are lost). */
  onDirtyChange?(dirty: boolean): void;
}

interface EditedTicket {
  id: number;
  version: number;
}

/** The List a Ticket / Edit Ticket form (spec 000 §2, §4, §5 'Listing form'). */
export function ListingForm({ ticketId, onClose, onCreated, onDirtyChange }: ListingFormProps) {
  const [edited, setEdited] = useState<EditedTicket | null>(
    ticketId === null ? null : { id: ticketId, version: 1 },
  );
  // Clearing the form starts the event section afresh (its search and choice).
  const [eventSectionKey, setEventSectionKey] = useState(0);
  const ticket = useTicketDetails(ticketId);
  const viewer = useCurrentUser();
  // Only the seller may edit (the server refuses anyone else); null while either side is loading.
  const ownsTicket = ticket.data && viewer.data ? ticket.data.sellerId === viewer.data.id : null;
  const sold = ticket.data?.sold === true;
  const save = useSaveTicket();
  const screenToasts = useScreenToasts();
  useEditLock(ownsTicket && !sold ? ticketId : null);

  const form = useForm<ListingFormValues>({
    resolver: zodResolver(listingFormSchema),
    defaultValues: emptyListingForm,
  });
  const { control, setValue, getValues, reset, trigger, formState } = form;
  const { isSubmitted, isDirty } = formState;
  const [faceValue, serviceFee, markup, quantity, ticketType] = useWatch({
    control,
    name: ['faceValue', 'serviceFee', 'markup', 'quantity', 'ticketType'],
  });
  const [barcodeFile, setBarcodeFile] = useState<File | null>(null);

  // The stored ticket fills the form once. Later reads of it (a refetch, 'Load existing image')
  // must not overwrite what the seller has typed since.
  const loaded = useRef(false);
  useEffect(() => {
    if (!ticket.data || loaded.current) return;
    loaded.current = true;
    reset(formValuesFromTicket(ticket.data));
    setEdited({ id: ticket.data.id, version: ticket.data.version });
  }, [ticket.data, reset]);

  useEffect(() => {
    if (ticket.isError) toast({ title: LISTING_TEXT.fetchTicketFailed, variant: 'destructive' });
  }, [ticket.isError]);

  useEffect(() => {
    onDirtyChange?.(isDirty);
  }, [isDirty, onDirtyChange]);

  const update: UpdateField = (name, value) =>
    setValue(name, value as never, { shouldDirty: true, shouldValidate: isSubmitted });

  /** Checks a price input as it is typed once it holds something (blank waits for the submit). */
  function checkTyped(name: 'faceValue' | 'serviceFee' | 'quantity') {
    if (isSubmitted || getValues(name).trim() !== '') void trigger(name);
  }

  function clearAll() {
    // Editing, the stored ticket stays the reference: a cleared form has unsaved changes.
    reset(emptyListingForm, { keepDefaultValues: edited !== null && ticketId !== null });
    setEventSectionKey((key) => key + 1);
  }

  const submit = form.handleSubmit(
    async (values) => {
      screenToasts.dismiss();
      const creating = edited === null;
      try {
        const result = await save.mutateAsync({
          ticketId: edited?.id ?? null,
          version: edited?.version ?? 1,
          values,
        });
        setEdited({ id: result.id, version: result.version });
        // What was saved is the new reference for unsaved changes.
        reset(values);
        if (creating) {
          onDirtyChange?.(false);
          if (values.ticketType === 'paper' && barcodeFile)
            await uploadChosenBarcode(result.id, barcodeFile, Number(values.quantity));
          else toast({ title: LISTING_TEXT.listedTitle, description: LISTING_TEXT.listedWithImage });
          onCreated(result.verificationPrompt);
        } else {
          // An edit above the verification threshold takes the listing off sale until the seller is verified.
          toast({
            title: LISTING_TEXT.updatedTitle,
            ...(result.verificationPrompt === 'required'
              ? { description: IDENTITY_TEXT.waitingListing }
              : {}),
          });
        }
      } catch (error) {
        const serverMessage = error instanceof ApiError ? error.serverMessage : undefined;
        screenToasts.toast({
          title: LISTING_TEXT.saveFailedTitle,
          description: serverMessage ?? (creating ? LISTING_TEXT.createFailed : LISTING_TEXT.updateFailed),
          variant: 'destructive',
        });
      }
    },
    (invalid) => {
      screenToasts.dismiss();
      if (invalid.platform)
        screenToasts.toast({
          title: LISTING_TEXT.platformRequiredTitle,
          description: LISTING_TEXT.platformRequired,
          variant: 'destructive',
        });
      else if (invalid.cloudinaryUrl)
        screenToasts.toast({
          title: LISTING_TEXT.imageRequiredTitle,
          description: LISTING_TEXT.imageRequired,
          variant: 'destructive',
        });
    },
  );

  const isEdit = edited !== null;
  if (ticketId !== null && ticket.isPending) return <PageSpinner label="Loading ticket" />;
  if (ticketId !== null && ticket.isError)
    return (
      <EditorNotice title={LISTING_TEXT.fetchTicketFailed} onClose={onClose}>
        {(ticket.error instanceof ApiError && ticket.error.serverMessage) || ticket.error.message}
      </EditorNotice>
    );
  if (ticketId !== null && ownsTicket === false)
    return (
      <EditorNotice title="Cannot edit this listing" onClose={onClose}>
        This listing belongs to another seller. Only its seller can edit it.
      </EditorNotice>
    );
  if (ticketId !== null && sold)
    return (
      <EditorNotice title={LISTING_NOTICE_TEXT.soldTitle} onClose={onClose} variant="info">
        {TICKET_TEXT.sold}
      </EditorNotice>
    );

  const pricing = pricingInput({ faceValue, serviceFee, markup, quantity });

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10">
      <header className="mb-6 grid gap-4 sm:flex sm:items-end sm:justify-between">
        <div className="grid gap-1">
          {isEdit && ticketId !== null ? (
            <Button variant="ghost" size="sm" className="-ml-3 justify-self-start" onClick={onClose}>
              <ArrowLeft />
              Back
            </Button>
          ) : null}
          <h1 className="text-2xl font-bold sm:text-3xl">
            {isEdit ? LISTING_TEXT.editTitle : LISTING_TEXT.createTitle}
          </h1>
          <p className="text-sm text-muted-foreground">
            {isEdit
              ? 'Update the details of your listing. Buyers see the changes once saved.'
              : 'Sell to real fans at a fair price. Lower markups pay lower fees.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <HowItWorksDialog defaultAudience="seller" />
          <Button variant="ghost" size="sm" onClick={clearAll}>
            <Eraser />
            {LISTING_TEXT.clearAll}
          </Button>
        </div>
      </header>

      {/* One grid in reading order, so the tab order follows the screen at every width (decision 0009). */}
      <form
        noValidate
        onSubmit={submit}
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start"
      >
        <EventSection key={eventSectionKey} form={form} update={update} isEdit={isEdit} />
        <SeatsSection form={form} update={update} onQuantityTyped={() => checkTyped('quantity')} />
        <PricingSection form={form} onAmountTyped={checkTyped} />
        <div className="lg:sticky lg:top-20 lg:col-start-2 lg:row-span-6 lg:row-start-1 lg:self-start">
          {pricing ? <PriceBreakdownCard {...pricing} /> : <PriceBreakdownUnavailable />}
        </div>
        <TicketTypeSection form={form} update={update} />
        {ticketType === 'paper' && !isEdit ? (
          <ListingBarcodeField file={barcodeFile} onChange={setBarcodeFile} />
        ) : null}
        <FormSection
          icon={ImageIcon}
          title="Image"
          description="A photo or screenshot that shows the ticket."
        >
          <Controller
            control={control}
            name="cloudinaryUrl"
            render={({ field }) => (
              <TicketImageUploader
                ticketId={edited?.id ?? null}
                value={field.value ? { url: field.value, publicId: getValues('cloudinaryPublicId') } : null}
                onChange={(image) => {
                  update('cloudinaryPublicId', image?.publicId ?? '');
                  update('cloudinaryUrl', image?.url ?? '');
                }}
                error={formState.errors.cloudinaryUrl?.message}
              />
            )}
          />
        </FormSection>
        <AgreementSection form={form} isEdit={isEdit} saving={save.isPending} />
      </form>
    </div>
  );
}
