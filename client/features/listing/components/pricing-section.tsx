import { FanQueueSellerNotice } from '@client/features/fan-queue/components/seller-notice';
import { DollarSign } from 'lucide-react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { type ListingFormValues, pricingInput } from '../listing-form-values';
import { Field, FormSection, MoneyInput } from './form-parts';
import { MarkupSlider } from './markup-slider';
import { PriceCapStatement } from './price-cap-statement';

interface PricingSectionProps {
  form: UseFormReturn<ListingFormValues>;
  /** Checks an amount as it is typed, so a negative or malformed one shows its error at once. */
  onAmountTyped(name: 'faceValue' | 'serviceFee'): void;
}

/** Pricing: face value and service fee per ticket, and the seller's markup. */
export function PricingSection({ form, onAmountTyped }: PricingSectionProps) {
  const { control, register, formState } = form;
  const { errors } = formState;
  const [eventId, faceValue, serviceFee, markup] = useWatch({
    control,
    name: ['eventId', 'faceValue', 'serviceFee', 'markup'],
  });
  return (
    <FormSection
      icon={DollarSign}
      title="Pricing"
      description="Per ticket, as printed on your ticket or receipt."
    >
      <PriceCapStatement form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Face value ($)" error={errors.faceValue}>
          {(props) => (
            <MoneyInput {...props} field={register('faceValue')} onTyped={() => onAmountTyped('faceValue')} />
          )}
        </Field>
        <Field label="Service fee ($)" error={errors.serviceFee} hint="The original fee you paid per ticket">
          {(props) => (
            <MoneyInput
              {...props}
              field={register('serviceFee')}
              onTyped={() => onAmountTyped('serviceFee')}
            />
          )}
        </Field>
      </div>
      <Controller
        control={control}
        name="markup"
        render={({ field }) => <MarkupSlider value={field.value} onChange={field.onChange} />}
      />
      {/* A fair price goes to the show's Fan Queue first (decision 0100); per ticket, whatever the quantity. */}
      <FanQueueSellerNotice
        eventId={eventId}
        pricing={pricingInput({ faceValue, serviceFee, markup, quantity: '1' })}
      />
    </FormSection>
  );
}
