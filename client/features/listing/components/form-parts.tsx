import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { cn } from '@client/lib/cn';
import { cutToTwoDecimals } from '@common/money';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/** Cards keep their padding from sm up; a phone's narrow column gets a little more room for fields. */
const SECTION_HEADER = 'px-4 pt-5 pb-4 sm:px-6 sm:pt-6';
const SECTION_CONTENT = 'px-4 pb-5 sm:px-6 sm:pb-6';

/** One card of the listing form; on wide screens every section sits in the left column. */
export function FormSection({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card className="lg:col-start-1">
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

export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A label, its control and the control's error or hint, tied together for assistive technology. */
export function Field({
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

export function FieldMessage({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}

/**
 * Dollars in steps of 0.01; extra decimals are cut as the seller types (spec 000 §5). A minus sign
 * is kept, so that a negative amount shows its error instead of silently becoming blank.
 */
export function MoneyInput({
  field,
  onTyped,
  ...props
}: FieldControlProps & {
  field: UseFormRegisterReturn<'faceValue' | 'serviceFee'>;
  onTyped(): void;
}) {
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
        onChange={async (event) => {
          const typed = event.target.value;
          const cut = typed.trim().startsWith('-') ? typed : cutToTwoDecimals(typed);
          if (cut !== typed) event.target.value = cut;
          await field.onChange(event);
          onTyped();
        }}
      />
    </div>
  );
}
