import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Switch } from '@client/components/ui/switch';
import { Textarea } from '@client/components/ui/textarea';
import { formatEventDate } from '@client/lib/format';
import { eventDescription } from '@common/event-description';
import type { ConcertSearchResult } from '@common/schemas/events';
import { CalendarDays, MapPin, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { type ListingFormValues, multiDayFaceValue, typedWholeNumber } from '../listing-form-values';
import { ConcertSearch } from './concert-search';
import { Field, FormSection } from './form-parts';

export type UpdateField = <Name extends keyof ListingFormValues>(
  name: Name,
  value: ListingFormValues[Name],
) => void;

interface EventSectionProps {
  form: UseFormReturn<ListingFormValues>;
  update: UpdateField;
  /** Edit mode always shows the stored event's fields. */
  isEdit: boolean;
}

/** Event: the concert search (or manual entry), the event's fields and the multi-day pass. */
export function EventSection({ form, update, isEdit }: EventSectionProps) {
  const { control, register, getValues, setFocus, formState } = form;
  const { errors } = formState;
  const [searchQuery, setSearchQuery] = useState('');
  const [chosenEvent, setChosenEvent] = useState<ConcertSearchResult | null>(null);
  const [manualEntry, setManualEntry] = useState(false);
  const [justChosen, setJustChosen] = useState(false);
  const isMultiDay = useWatch({ control, name: 'isMultiDay' });
  const minFaceValue = chosenEvent?.minFaceValue ?? null;

  useEffect(() => {
    if (manualEntry) setFocus('eventName');
  }, [manualEntry, setFocus]);

  // After a choice, focus goes on to the first of the event's fields (filled from the choice).
  useEffect(() => {
    if (!justChosen) return;
    setJustChosen(false);
    setFocus('eventName');
  }, [justChosen, setFocus]);

  function chooseEvent(concert: ConcertSearchResult) {
    setChosenEvent(concert);
    setSearchQuery('');
    update('eventId', concert.id);
    update('eventName', concert.name);
    update('eventDate', concert.date.slice(0, 10));
    update('venue', concert.venue);
    update('description', eventDescription(concert.name, concert.venue, concert.city));
    if (concert.minFaceValue !== null) {
      const days = typedWholeNumber(getValues('daysCount')) ?? 0;
      update(
        'faceValue',
        multiDayFaceValue(concert.minFaceValue, getValues('isMultiDay') && days >= 2 ? days : 1),
      );
    }
    setJustChosen(true);
  }

  function onMultiDayChange(on: boolean) {
    update('isMultiDay', on);
    if (!on) {
      update('daysCount', '');
      if (minFaceValue !== null) update('faceValue', multiDayFaceValue(minFaceValue, 1));
      return;
    }
    applyMultiDayPrice(getValues('daysCount'));
  }

  function applyMultiDayPrice(daysText: string) {
    const days = typedWholeNumber(daysText) ?? 0;
    if (getValues('isMultiDay') && days >= 2 && minFaceValue !== null)
      update('faceValue', multiDayFaceValue(minFaceValue, days));
  }

  const showEventFields =
    isEdit ||
    manualEntry ||
    chosenEvent !== null ||
    Boolean(errors.eventName || errors.eventDate || errors.description);

  return (
    <FormSection icon={CalendarDays} title="Event" description="Find your concert, or enter it yourself.">
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
            <span className="text-xs text-muted-foreground">A pass for a festival or a run of shows.</span>
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
  );
}
