import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { ADMIN_TEXT } from '@common/messages';
import { ADMIN_REASON_MAX_LENGTH, ADMIN_REASON_MIN_LENGTH } from '@common/schemas/admin-money';

/** The reason a money action needs (3 to 500 characters); the parties are e-mailed it. */
export function ReasonField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{ADMIN_TEXT.reasonLabel}</Label>
      <Textarea
        id={id}
        rows={3}
        maxLength={ADMIN_REASON_MAX_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export const reasonReady = (reason: string) => reason.trim().length >= ADMIN_REASON_MIN_LENGTH;
