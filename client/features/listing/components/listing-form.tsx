import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Checkbox } from '@client/components/ui/checkbox';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@client/components/ui/radio-group';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { PageSpinner, Spinner } from '@client/components/ui/spinner';
import { Switch } from '@client/components/ui/switch';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { useCurrentUser } from '@client/lib/session';
import { LISTING_TEXT } from '@common/messages';
import { cutToTwoDecimals } from '@common/money';
import type { ConcertSearchResult } from '@common/schemas/events';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@common/schemas/tickets';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Armchair,
  ArrowLeft,
  CalendarDays,
  Clock,
  DollarSign,
  Eraser,
  ImageIcon,
  type LucideIcon,
  MapPin,
  ShieldCheck,
  Ticket,
  X,
} from 'lucide-react';
import { type ChangeEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Controller, type FieldError, type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { useEditLock, useSaveTicket, useTicketDetails } from '../api';
import {
  emptyListingForm,
  eventDescription,
  formValuesFromTicket,
  type ListingFormValues,
  listingFormSchema,
  multiDayFaceValue,
  pricingInput,
  typedWholeNumber,
} from '../listing-form-values';
import { ConcertSearch, formatEventDate } from './concert-search';
import { HowItWorksDialog } from './how-it-works-dialog';
import { MarkupSlider } from './markup-slider';
import { PriceBreakdownCard } from './price-breakdown-card';
import { TicketImageUploader } from './ticket-image-uploader';

export interface ListingFormProps {
  /** The listing to edit; null lists a new ticket. */
  ticketId: number | null;
  /** Closes the editor (edit mode's Back button). */
  onClose(): void;
  /** Called after a successful create (the spec sends the seller to '/'). */
  onCreated(): void;
}

interface EditedTicket {
  id: number;
  version: number;
}

/** The List a Ticket / Edit Ticket form (spec 000 §2, §4, §5 'Listing form'). */
export function ListingForm({ ticketId, onClose, onCreated }: ListingFormProps) {
  const [edited, setEdited] = useState<EditedTicket | null>(
    ticketId === null ? null : { id: ticketId, version: 1 },
  );
  const [searchQuery, setSearchQuery] = useState('');
  const [chosenEvent, setChosenEvent] = useState<ConcertSearchResult | null>(null);
  const [manualEntry, setManualEntry] = useState(false);
  const ticket = useTicketDetails(ticketId);
  const viewer = useCurrentUser();
  // Only the seller may edit (the server refuses anyone else); null while either side is loading.
  const ownsTicket = ticket.data && viewer.data ? ticket.data.sellerId === viewer.data.id : null;
  const save = useSaveTicket();
  useEditLock(ownsTicket ? ticketId : null);

  const form = useForm<ListingFormValues>({
    resolver: zodResolver(listingFormSchema),
    defaultValues: emptyListingForm,
  });
  const { control, register, setValue, getValues, reset, setFocus, formState } = form;
  const { errors, isSubmitted } = formState;
  const [faceValue, serviceFee, markup, quantity, isMultiDay, ticketType, agreeTerms] = useWatch({
    control,
    name: ['faceValue', 'serviceFee', 'markup', 'quantity', 'isMultiDay', 'ticketType', 'agreeTerms'],
  });

  // The stored ticket fills the form (and again after each save refreshes it); the seller's tick stays.
  useEffect(() => {
    if (!ticket.data) return;
    reset({ ...formValuesFromTicket(ticket.data), agreeTerms: getValues('agreeTerms') });
    setEdited({ id: ticket.data.id, version: ticket.data.version });
  }, [ticket.data, reset, getValues]);

  useEffect(() => {
    if (ticket.isError) toast({ title: LISTING_TEXT.fetchTicketFailed, variant: 'destructive' });
  }, [ticket.isError]);

  useEffect(() => {
    if (manualEntry) setFocus('eventName');
  }, [manualEntry, setFocus]);

  const update = <Name extends keyof ListingFormValues>(name: Name, value: ListingFormValues[Name]) =>
    setValue(name, value as never, { shouldDirty: true, shouldValidate: isSubmitted });

  const minPrice = chosenEvent?.minPrice ?? null;

  function chooseEvent(concert: ConcertSearchResult) {
    setChosenEvent(concert);
    setSearchQuery('');
    update('eventId', concert.id);
    update('eventName', concert.name);
    update('eventDate', concert.date.slice(0, 10));
    update('venue', concert.venue);
    update('description', eventDescription(concert.name, concert.venue, concert.city));
    if (concert.minPrice !== null) {
      const days = typedWholeNumber(getValues('daysCount')) ?? 0;
      update(
        'faceValue',
        multiDayFaceValue(concert.minPrice, getValues('isMultiDay') && days >= 2 ? days : 1),
      );
    }
  }

  function clearAll() {
    reset(emptyListingForm);
    setSearchQuery('');
    setChosenEvent(null);
    setManualEntry(false);
  }

  function onSectionChange(event: ChangeEvent<HTMLInputElement>) {
    if (event.target.value.toUpperCase() === 'GA') {
      update('row', 'GA');
      update('seats', 'GA');
    }
  }

  function onMultiDayChange(on: boolean) {
    update('isMultiDay', on);
    if (!on) {
      update('daysCount', '');
      if (minPrice !== null) update('faceValue', multiDayFaceValue(minPrice, 1));
      return;
    }
    applyMultiDayPrice(getValues('daysCount'));
  }

  function applyMultiDayPrice(daysText: string) {
    const days = typedWholeNumber(daysText) ?? 0;
    if (getValues('isMultiDay') && days >= 2 && minPrice !== null)
      update('faceValue', multiDayFaceValue(minPrice, days));
  }

  const submit = form.handleSubmit(
    async (values) => {
      const creating = edited === null;
      try {
        const result = await save.mutateAsync({
          ticketId: edited?.id ?? null,
          version: edited?.version ?? 1,
          values,
        });
        setEdited({ id: result.id, version: result.version });
        if (creating) {
          toast({ title: LISTING_TEXT.listedTitle, description: LISTING_TEXT.listedWithImage });
          onCreated();
        } else {
          toast({ title: LISTING_TEXT.updatedTitle });
        }
      } catch (error) {
        const serverMessage = error instanceof ApiError ? error.serverMessage : undefined;
        toast({
          title: LISTING_TEXT.saveFailedTitle,
          description: serverMessage ?? (creating ? LISTING_TEXT.createFailed : LISTING_TEXT.updateFailed),
          variant: 'destructive',
        });
      }
    },
    (invalid) => {
      if (invalid.platform)
        toast({
          title: LISTING_TEXT.platformRequiredTitle,
          description: LISTING_TEXT.platformRequired,
          variant: 'destructive',
        });
      else if (invalid.cloudinaryUrl)
        toast({
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

  const showEventFields =
    isEdit ||
    manualEntry ||
    chosenEvent !== null ||
    Boolean(errors.eventName || errors.eventDate || errors.description);

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

      <form
        noValidate
        onSubmit={submit}
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start"
      >
        <div className="contents lg:grid lg:gap-6">
          <FormSection
            order="order-1"
            icon={CalendarDays}
            title="Event"
            description="Find your concert, or enter it yourself."
          >
            <ConcertSearch
              query={searchQuery}
              onQueryChange={setSearchQuery}
              onSelect={chooseEvent}
              onManualEntry={() => setManualEntry(true)}
            />
            {chosenEvent ? (
              <div className="flex items-start justify-between gap-3 rounded-lg border border-primary/30 bg-primary-soft/40 p-3">
                <div className="grid gap-0.5 text-sm">
                  <span className="font-semibold">{chosenEvent.name}</span>
                  <span className="flex items-center gap-1 text-muted-foreground">
                    <CalendarDays className="size-3.5" aria-hidden />
                    {formatEventDate(chosenEvent.date)}
                  </span>
                  <span className="flex items-center gap-1 text-muted-foreground">
                    <MapPin className="size-3.5" aria-hidden />
                    {chosenEvent.venue}, {chosenEvent.city}
                  </span>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label="Choose another event"
                  onClick={() => {
                    setChosenEvent(null);
                    update('eventId', null);
                  }}
                >
                  <X />
                </Button>
              </div>
            ) : null}
            {showEventFields ? (
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="Event name" error={errors.eventName} className="sm:col-span-2">
                  {(props) => <Input {...props} {...register('eventName')} />}
                </Field>
                <Field label="Event date" error={errors.eventDate}>
                  {(props) => <Input {...props} type="date" {...register('eventDate')} />}
                </Field>
                <Field label="Venue" error={errors.venue}>
                  {(props) => <Input {...props} {...register('venue')} />}
                </Field>
                <Field
                  label="Description"
                  error={errors.description}
                  className="sm:col-span-2"
                  hint="e.g. Event at Venue, City"
                >
                  {(props) => <Textarea {...props} rows={2} {...register('description')} />}
                </Field>
              </div>
            ) : null}
            <div className="grid gap-3 rounded-lg border border-border p-3">
              <div className="flex items-center justify-between gap-3">
                <div className="grid gap-0.5">
                  <Label htmlFor="listing-multi-day">Multi-day event</Label>
                  <span className="text-xs text-muted-foreground">
                    A pass for a festival or a run of shows.
                  </span>
                </div>
                <Controller
                  control={control}
                  name="isMultiDay"
                  render={({ field }) => (
                    <Switch id="listing-multi-day" checked={field.value} onCheckedChange={onMultiDayChange} />
                  )}
                />
              </div>
              {isMultiDay ? (
                <Field label="Number of days" error={errors.daysCount}>
                  {(props) => {
                    const daysField = register('daysCount');
                    return (
                      <Input
                        {...props}
                        type="number"
                        min={2}
                        step={1}
                        inputMode="numeric"
                        {...daysField}
                        onChange={(event) => {
                          void daysField.onChange(event);
                          applyMultiDayPrice(event.target.value);
                        }}
                      />
                    );
                  }}
                </Field>
              ) : null}
            </div>
          </FormSection>

          <FormSection
            order="order-2"
            icon={Armchair}
            title="Seats"
            description="Type GA in Section for general admission."
          >
            <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4">
              <Field label="Section" error={errors.section}>
                {(props) => {
                  const sectionField = register('section');
                  return (
                    <Input
                      {...props}
                      {...sectionField}
                      onChange={(event) => {
                        void sectionField.onChange(event);
                        onSectionChange(event);
                      }}
                    />
                  );
                }}
              </Field>
              <Field label="Row" error={errors.row}>
                {(props) => <Input {...props} {...register('row')} />}
              </Field>
              <Field label="Seats" error={errors.seats} hint="e.g. 12, 13">
                {(props) => <Input {...props} {...register('seats')} />}
              </Field>
              <Field label="Quantity" error={errors.quantity}>
                {(props) => (
                  <Input
                    {...props}
                    type="number"
                    min={1}
                    step={1}
                    inputMode="numeric"
                    {...register('quantity')}
                  />
                )}
              </Field>
            </div>
          </FormSection>

          <FormSection
            order="order-3"
            icon={DollarSign}
            title="Pricing"
            description="Per ticket, as printed on your ticket or receipt."
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Face value ($)" error={errors.faceValue}>
                {(props) => <MoneyInput {...props} field={register('faceValue')} />}
              </Field>
              <Field
                label="Service fee ($)"
                error={errors.serviceFee}
                hint="The original fee you paid per ticket"
              >
                {(props) => <MoneyInput {...props} field={register('serviceFee')} />}
              </Field>
            </div>
            <Controller
              control={control}
              name="markup"
              render={({ field }) => <MarkupSlider value={field.value} onChange={field.onChange} />}
            />
          </FormSection>

          <FormSection
            order="order-5"
            icon={Ticket}
            title="Ticket type"
            description="How the ticket reaches the buyer."
          >
            <Controller
              control={control}
              name="ticketType"
              render={({ field }) => (
                <RadioGroup
                  aria-label="Ticket type"
                  value={field.value}
                  onValueChange={(next) => {
                    field.onChange(next);
                    if (next === 'paper') update('platform', '');
                  }}
                  className="grid-cols-1 sm:grid-cols-2"
                >
                  <TypeOption
                    value="digital"
                    selected={field.value === 'digital'}
                    title="Digital"
                    text="Transferred through the ticketing platform."
                  />
                  <TypeOption
                    value="paper"
                    selected={field.value === 'paper'}
                    title="Paper"
                    text="Paper or PDF, sent by email or delivery."
                  />
                </RadioGroup>
              )}
            />
            {ticketType === 'digital' ? (
              <Field label="Platform" error={errors.platform}>
                {(props) => (
                  <Controller
                    control={control}
                    name="platform"
                    render={({ field }) => (
                      <Select value={field.value} onValueChange={(next) => field.onChange(next as Platform)}>
                        <SelectTrigger
                          id={props.id}
                          aria-invalid={props['aria-invalid']}
                          aria-describedby={props['aria-describedby']}
                        >
                          <SelectValue placeholder="Select a platform" />
                        </SelectTrigger>
                        <SelectContent>
                          {PLATFORMS.map((platform) => (
                            <SelectItem key={platform} value={platform}>
                              {PLATFORM_LABELS[platform]}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    )}
                  />
                )}
              </Field>
            ) : null}
          </FormSection>

          <FormSection order="order-7" icon={ShieldCheck} title="Agreement">
            <div className="grid gap-2">
              <div className="flex items-start gap-3">
                <Controller
                  control={control}
                  name="agreeTerms"
                  render={({ field }) => (
                    <Checkbox
                      id="listing-agree-terms"
                      checked={field.value}
                      onCheckedChange={(checked) => field.onChange(checked === true)}
                      aria-invalid={errors.agreeTerms ? true : undefined}
                      className="mt-0.5"
                    />
                  )}
                />
                <Label htmlFor="listing-agree-terms" className="leading-snug">
                  I agree to the{' '}
                  <a
                    href="/terms"
                    target="_blank"
                    rel="noreferrer"
                    className="text-primary underline underline-offset-2"
                  >
                    Terms of Service
                  </a>{' '}
                  and{' '}
                  <a
                    href="/privacy"
                    target="_blank"
                    rel="noreferrer"
                    className="text-primary underline underline-offset-2"
                  >
                    Privacy Policy
                  </a>
                </Label>
              </div>
              {errors.agreeTerms ? <FieldMessage>{errors.agreeTerms.message}</FieldMessage> : null}
            </div>
            <p className="flex items-start gap-2 rounded-lg bg-info-soft px-3 py-2 text-sm text-info">
              <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
              {LISTING_TEXT.availabilityNote}
            </p>
            <Button type="submit" size="lg" className="w-full" disabled={!agreeTerms || save.isPending}>
              {save.isPending ? <Spinner className="text-primary-foreground" label="Saving" /> : null}
              {isEdit ? 'Save changes' : 'List Ticket'}
            </Button>
          </FormSection>
        </div>

        <div className="contents lg:sticky lg:top-20 lg:grid lg:gap-6">
          <div className="order-4">
            <PriceBreakdownCard {...pricingInput({ faceValue, serviceFee, markup, quantity })} />
          </div>
          <FormSection
            order="order-6"
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
                  error={errors.cloudinaryUrl?.message}
                />
              )}
            />
          </FormSection>
        </div>
      </form>
    </div>
  );
}

/** Cards keep their padding from sm up; a phone's narrow column gets a little more room for fields. */
const SECTION_HEADER = 'px-4 pt-5 pb-4 sm:px-6 sm:pt-6';
const SECTION_CONTENT = 'px-4 pb-5 sm:px-6 sm:pb-6';

function FormSection({
  order,
  icon: Icon,
  title,
  description,
  children,
}: {
  order: string;
  icon: LucideIcon;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card className={order}>
      <CardHeader className={SECTION_HEADER}>
        <CardTitle className="flex items-center gap-2 text-base">
          <span className="flex size-7 items-center justify-center rounded-lg bg-primary-soft text-primary">
            <Icon className="size-4" aria-hidden />
          </span>
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={cn('grid gap-4', SECTION_CONTENT)}>{children}</CardContent>
    </Card>
  );
}

interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

function Field({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: string;
  error?: FieldError;
  hint?: string;
  className?: string;
  children(props: FieldControlProps): ReactNode;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error || hint ? messageId : undefined,
      })}
      {error ? (
        <FieldMessage id={messageId}>{error.message}</FieldMessage>
      ) : hint ? (
        <p id={messageId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function FieldMessage({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}

/** Dollars: at least 0, steps of 0.01; extra decimals are cut as the seller types (spec 000 §5). */
function MoneyInput({
  field,
  ...props
}: FieldControlProps & { field: UseFormRegisterReturn<'faceValue' | 'serviceFee'> }) {
  return (
    <div className="relative">
      <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground">
        $
      </span>
      <Input
        {...props}
        type="number"
        min={0}
        step={0.01}
        inputMode="decimal"
        placeholder="0.00"
        className="pl-7"
        {...field}
        onChange={(event) => {
          const cut = cutToTwoDecimals(event.target.value);
          if (cut !== event.target.value) event.target.value = cut;
          return field.onChange(event);
        }}
      />
    </div>
  );
}

function TypeOption({
  value,
  selected,
  title,
  text,
}: {
  value: string;
  selected: boolean;
  title: string;
  text: string;
}) {
  const id = `ticket-type-${value}`;
  return (
    <Label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 transition-colors hover:bg-muted/60',
        selected && 'border-primary bg-primary-soft/40',
      )}
    >
      <RadioGroupItem id={id} value={value} className="mt-0.5" />
      <span className="grid gap-0.5">
        <span className="font-semibold">{title}</span>
        <span className="text-xs font-normal text-muted-foreground">{text}</span>
      </span>
    </Label>
  );
}

/** Why the editor cannot open, with the way back. */
function EditorNotice({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto grid max-w-xl gap-4 px-4 py-10">
      <Alert variant="destructive">
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription>{children}</AlertDescription>
      </Alert>
      <Button variant="outline" className="justify-self-start" onClick={onClose}>
        <ArrowLeft />
        Back
      </Button>
    </div>
  );
}
