import { Label } from '@client/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@client/components/ui/radio-group';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { cn } from '@client/lib/cn';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@common/schemas/tickets';
import { Ticket } from 'lucide-react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import type { ListingFormValues } from '../listing-form-values';
import type { UpdateField } from './event-section';
import { Field, FormSection } from './form-parts';

interface TicketTypeSectionProps {
  form: UseFormReturn<ListingFormValues>;
  update: UpdateField;
}

/** Ticket type: digital (with its platform) or paper. */
export function TicketTypeSection({ form, update }: TicketTypeSectionProps) {
  const { control, formState } = form;
  const ticketType = useWatch({ control, name: 'ticketType' });
  return (
    <FormSection icon={Ticket} title="Ticket type" description="How the ticket reaches the buyer.">
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
        <Field label="Platform" error={formState.errors.platform}>
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
