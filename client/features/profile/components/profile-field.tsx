import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import type { ComponentProps } from 'react';
import type { FieldError } from 'react-hook-form';

/** A labelled input with its error and hint tied to it for assistive technology. */
export function ProfileField({
  id,
  label,
  error,
  hint,
  ...input
}: ComponentProps<'input'> & { id: string; label: string; error?: FieldError; hint?: string }) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}
