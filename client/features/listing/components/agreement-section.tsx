import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { LISTING_NOTICE_TEXT, LISTING_TEXT } from '@common/messages';
import { Clock, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import type { ListingFormValues } from '../listing-form-values';
import { FieldMessage, FormSection } from './form-parts';

interface AgreementSectionProps {
  form: UseFormReturn<ListingFormValues>;
  isEdit: boolean;
  saving: boolean;
}

const linkClass = 'text-primary underline underline-offset-2';

/**
 * The terms and the submit button. The button stays disabled until the terms are ticked (spec 000 §5),
 * and says why while they are not. Edit mode starts ticked: the seller agreed when listing (decision 0009).
 */
export function AgreementSection({ form, isEdit, saving }: AgreementSectionProps) {
  const { control, formState } = form;
  const agreed = useWatch({ control, name: 'agreeTerms' });
  const noteId = useId();
  const error = formState.errors.agreeTerms;
  // Why the button is disabled, or (editing) why the box starts ticked.
  const note =
    error?.message ??
    (agreed ? (isEdit ? LISTING_NOTICE_TEXT.agreementKept : null) : LISTING_TEXT.termsRequired);
  return (
    <FormSection icon={ShieldCheck} title="Agreement">
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
                aria-invalid={error ? true : undefined}
                aria-describedby={note ? noteId : undefined}
                className="mt-0.5"
              />
            )}
          />
          <Label htmlFor="listing-agree-terms" className="leading-snug">
            I agree to the{' '}
            <a href="/terms" target="_blank" rel="noreferrer" className={linkClass}>
              Terms of Service
            </a>{' '}
            and{' '}
            <a href="/privacy" target="_blank" rel="noreferrer" className={linkClass}>
              Privacy Policy
            </a>
          </Label>
        </div>
        {error ? (
          <FieldMessage id={noteId}>{note}</FieldMessage>
        ) : note ? (
          <p id={noteId} className="text-xs text-muted-foreground">
            {note}
          </p>
        ) : null}
      </div>
      <p className="flex items-start gap-2 rounded-lg bg-info-soft px-3 py-2 text-sm text-info">
        <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
        {LISTING_TEXT.availabilityNote}
      </p>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!agreed || saving}
        aria-describedby={agreed ? undefined : noteId}
      >
        {saving ? <Spinner className="text-primary-foreground" label="Saving" /> : null}
        {isEdit ? 'Save changes' : 'List Ticket'}
      </Button>
    </FormSection>
  );
}
