import { Input } from '@client/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { TICKET_MAX_QUANTITY } from '@common/constants';
import { SPLIT_RULE_FORM_HINT, SPLIT_RULE_LABELS, SPLIT_RULES, type SplitRule } from '@common/splits';
import { Armchair } from 'lucide-react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import type { ListingFormValues } from '../listing-form-values';
import type { UpdateField } from './event-section';
import { Field, FormSection } from './form-parts';

interface SeatsSectionProps {
  form: UseFormReturn<ListingFormValues>;
  update: UpdateField;
  /** Checks the quantity as it is typed, so an impossible one shows its error at once. */
  onQuantityTyped(): void;
}

const GA = 'GA';
const isGeneralAdmission = (section: string) => section.trim().toUpperCase() === GA;

/** Section stopped being GA: the row and seats the shortcut filled go, anything typed since stays. */
function undoGeneralAdmission(form: UseFormReturn<ListingFormValues>, update: UpdateField) {
  if (form.getValues('row') === GA) update('row', '');
  if (form.getValues('seats') === GA) update('seats', '');
}

/** Seats: section (GA fills row and seats), row, seats and quantity. */
export function SeatsSection({ form, update, onQuantityTyped }: SeatsSectionProps) {
  const { register, formState, control } = form;
  const { errors } = formState;
  const quantity = useWatch({ control, name: 'quantity' });
  return (
    <FormSection icon={Armchair} title="Seats" description="Type GA in Section for general admission.">
      <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4">
        <Field label="Section" error={errors.section}>
          {(props) => {
            const sectionField = register('section');
            return (
              <Input
                {...props}
                {...sectionField}
                onChange={(event) => {
                  const wasGeneralAdmission = isGeneralAdmission(form.getValues('section'));
                  void sectionField.onChange(event);
                  if (isGeneralAdmission(event.target.value)) {
                    update('row', GA);
                    update('seats', GA);
                  } else if (wasGeneralAdmission) undoGeneralAdmission(form, update);
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
          {(props) => {
            const quantityField = register('quantity');
            return (
              <Input
                {...props}
                type="number"
                min={1}
                max={TICKET_MAX_QUANTITY}
                step={1}
                inputMode="numeric"
                {...quantityField}
                onChange={async (event) => {
                  await quantityField.onChange(event);
                  onQuantityTyped();
                }}
              />
            );
          }}
        </Field>
      </div>
      {Number(quantity) > 1 ? <SplitRuleField form={form} /> : null}
    </FormSection>
  );
}

/** How a listing of several tickets may sell (decision 0062). */
function SplitRuleField({ form }: { form: UseFormReturn<ListingFormValues> }) {
  return (
    <Field label="Buyers may buy" hint={SPLIT_RULE_FORM_HINT}>
      {(props) => (
        <Controller
          control={form.control}
          name="splitRule"
          render={({ field }) => (
            <Select value={field.value} onValueChange={(next) => field.onChange(next as SplitRule)}>
              <SelectTrigger id={props.id} aria-describedby={props['aria-describedby']}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {SPLIT_RULES.map((rule) => (
                  <SelectItem key={rule} value={rule}>
                    {SPLIT_RULE_LABELS[rule]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      )}
    </Field>
  );
}
