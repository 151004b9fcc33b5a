import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/toaster';
import { ATTENDEE_QUERY_MAX_LENGTH, type Attendee } from '@common/schemas/ambassador';
import { AMBASSADOR_TEXT } from '@common/texts/ambassador';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { attendeesQueryOptions } from '../api';

const COLUMNS = AMBASSADOR_TEXT.columns;

/** An event date ('2030-06-01') shown in the viewer's words without a time-zone shift. */
function eventDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return format(new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1), 'MMM d, yyyy');
}

function AttendeeRow({ attendee, withSeats }: { attendee: Attendee; withSeats: boolean }) {
  return (
    <tr className="border-t border-border align-top">
      <td className="px-3 py-2">
        <span className="flex flex-wrap items-center gap-2 font-medium">
          {attendee.username}
          {attendee.role !== 'user' ? (
            <Badge variant={attendee.role === 'admin' ? 'destructive' : 'info'}>{attendee.role}</Badge>
          ) : null}
        </span>
        <span className="block text-muted-foreground">{attendee.email}</span>
      </td>
      <td className="px-3 py-2">
        <span className="block font-medium">{attendee.eventName}</span>
        <span className="block text-muted-foreground">{eventDay(attendee.eventDate)}</span>
      </td>
      <td className="px-3 py-2 text-right">{attendee.quantity}</td>
      <td className="px-3 py-2">{attendee.section}</td>
      <td className="px-3 py-2">{attendee.row}</td>
      {withSeats ? <td className="px-3 py-2">{attendee.seats ?? ''}</td> : null}
      <td className="px-3 py-2 whitespace-nowrap">
        {format(new Date(attendee.purchaseDate), 'MMM d, yyyy')}
      </td>
    </tr>
  );
}

/** Event Attendee Search: a query box (Enter or Search) and a results table (spec 001 §2). */
export function AttendeeSearch() {
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const results = useQuery(attendeesQueryOptions(query));
  const inputId = useId();
  const failed = results.isError;

  useEffect(() => {
    if (failed)
      toast({
        title: AMBASSADOR_TEXT.errorTitle,
        description: AMBASSADOR_TEXT.searchFailed,
        variant: 'destructive',
      });
  }, [failed]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = draft.trim();
    if (next) setQuery(next);
  }

  const rows = results.data ?? [];
  const withSeats = rows.some((attendee) => attendee.seats !== null);

  return (
    <section className="flex flex-col gap-4">
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-2">
          <Label htmlFor={inputId}>{AMBASSADOR_TEXT.searchLabel}</Label>
          <Input
            id={inputId}
            type="search"
            value={draft}
            maxLength={ATTENDEE_QUERY_MAX_LENGTH}
            placeholder={AMBASSADOR_TEXT.searchPlaceholder}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={draft.trim() === '' || results.isFetching}>
          <Search aria-hidden className="size-4" />
          {results.isFetching ? AMBASSADOR_TEXT.searching : AMBASSADOR_TEXT.search}
        </Button>
      </form>
      {query === '' ? (
        <p className="py-8 text-center text-muted-foreground">{AMBASSADOR_TEXT.beforeSearch}</p>
      ) : results.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label={AMBASSADOR_TEXT.searching} />
        </div>
      ) : failed ? (
        <p role="alert" className="py-8 text-center text-destructive">
          {AMBASSADOR_TEXT.searchFailed}
        </p>
      ) : rows.length === 0 ? (
        <div className="py-8 text-center">
          <p className="font-semibold">{AMBASSADOR_TEXT.noAttendees(query)}</p>
          <p className="text-sm text-muted-foreground">{AMBASSADOR_TEXT.tryAnother}</p>
        </div>
      ) : (
        <section
          aria-label={AMBASSADOR_TEXT.searchTab}
          className="relative overflow-x-auto rounded-lg border border-border"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
          tabIndex={0}
        >
          <table className="w-full min-w-[40rem] text-sm">
            <thead className="bg-muted text-left">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {COLUMNS.user}
                </th>
                <th scope="col" className="px-3 py-2">
                  {COLUMNS.event}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {COLUMNS.qty}
                </th>
                <th scope="col" className="px-3 py-2">
                  {COLUMNS.section}
                </th>
                <th scope="col" className="px-3 py-2">
                  {COLUMNS.row}
                </th>
                {withSeats ? (
                  <th scope="col" className="px-3 py-2">
                    {COLUMNS.seats}
                  </th>
                ) : null}
                <th scope="col" className="px-3 py-2">
                  {COLUMNS.purchased}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((attendee) => (
                <AttendeeRow key={attendee.ticketId} attendee={attendee} withSeats={withSeats} />
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
