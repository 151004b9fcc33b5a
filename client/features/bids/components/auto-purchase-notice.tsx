import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Checkbox } from '@client/components/ui/checkbox';
import { Label } from '@client/components/ui/label';
import { BID_SCREEN_TEXT, BID_TEXT } from '@common/messages';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';

/** The 'Important Notice' alert and the acknowledgement the bid needs (spec 001 §2, §5). */
export function AutoPurchaseNotice({
  acknowledged,
  onAcknowledgedChange,
  error,
}: {
  acknowledged: boolean;
  onAcknowledgedChange(checked: boolean): void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-3">
      <Alert variant="warning" role="note">
        <TriangleAlert aria-hidden />
        <AlertTitle>{BID_TEXT.importantNotice}</AlertTitle>
        <AlertDescription>{BID_SCREEN_TEXT.noticeBody}</AlertDescription>
      </Alert>
      <div data-field="acknowledged" className="grid gap-1">
        <div className="flex items-start gap-3">
          <Checkbox
            id={id}
            checked={acknowledged}
            onCheckedChange={(checked) => onAcknowledgedChange(checked === true)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="mt-0.5"
          />
          <Label htmlFor={id} className="text-sm font-normal leading-snug">
            {BID_SCREEN_TEXT.acknowledge}
          </Label>
        </div>
        {error ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
