import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/toaster';
import { ADMIN_TEXT } from '@common/messages';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useReturnFocus } from '../use-return-focus';

/**
 * A detail dialog: loads its record when opened and says 'Failed to load {thing} details' when it cannot
 * (spec 001 §8). `children` renders the loaded record.
 */
export function DetailDialog<Detail>({
  title,
  thing,
  query,
  onClose,
  children,
}: {
  title: string;
  thing: string;
  query: UseQueryOptions<Detail, Error, Detail, QueryKey>;
  onClose: () => void;
  children: (detail: Detail) => ReactNode;
}) {
  useReturnFocus();
  const result = useQuery(query);
  const failed = result.isError;
  useEffect(() => {
    if (failed) toast({ title: ADMIN_TEXT.failedToLoadDetails(thing), variant: 'destructive' });
  }, [failed, thing]);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="sr-only">{title}</DialogDescription>
        </DialogHeader>
        {result.data ? (
          children(result.data)
        ) : failed ? (
          <p role="alert" className="text-sm text-destructive">
            {ADMIN_TEXT.failedToLoadDetails(thing)}
          </p>
        ) : (
          <Spinner />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The record's fields as a definition list, two columns from small screens up. */
export function DetailList({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">{children}</dl>;
}

export function DetailItem({
  label,
  children,
  wide = false,
}: {
  label: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}

/** A labelled native select (as the marketplace's sort controls). */
export function FieldSelect<Value extends string>({
  id,
  label,
  value,
  options,
  onChange,
  disabled,
  hideLabel = false,
}: {
  id: string;
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
  disabled?: boolean;
  hideLabel?: boolean;
}) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium'}>
        {label}
      </label>
      <select
        id={id}
        className="h-9 rounded-md border border-input bg-surface px-2 text-sm disabled:opacity-50"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as Value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The server's own refusal when it sent one, else the spec's failure text. */
export function failureText(error: unknown): string | undefined {
  const body = (error as { body?: { message?: unknown } } | null)?.body;
  return body && typeof body.message === 'string' ? body.message : undefined;
}
