import type { FieldError } from 'react-hook-form';

/** A field's validation message under the field; the input points at it with aria-describedby. */
export function FieldErrorText({ id, error }: { id: string; error: FieldError | undefined }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {error.message}
    </p>
  );
}
