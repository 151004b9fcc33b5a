import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { ADMIN_TEXT } from '@common/messages';
import { flexRender, type Table } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';

interface AdminTableProps<Row> {
  table: Table<Row>;
  /** Plural noun of the rows, for the empty text: 'No users found.' */
  things: string;
  searching: boolean;
  loading: boolean;
  total: number;
  /** The list has at least `total` rows ('1,000+'). */
  totalIsEstimate?: boolean;
  caption: string;
  /**
   * On screens narrower than `sm` the rows show as these cards instead of the table, for a list whose cells
   * hold more than a phone can scroll through (the audit log). Only one of the two is ever displayed.
   */
  card?: (row: Row) => ReactNode;
}

/** A server-paged TanStack table: sortable headers, the spec's empty texts, and paging controls. */
export function AdminTable<Row>({
  table,
  things,
  searching,
  loading,
  total,
  totalIsEstimate = false,
  caption,
  card,
}: AdminTableProps<Row>) {
  const rows = table.getRowModel().rows;
  const { pageIndex, pageSize } = table.getState().pagination;
  const pageCount = Math.max(1, table.getPageCount());
  const empty = rows.length === 0 && !loading;
  const emptyText = (
    <>
      <p className="font-medium">{ADMIN_TEXT.emptyList(things)}</p>
      {searching ? <p className="text-muted-foreground">{ADMIN_TEXT.emptySearchHint}</p> : null}
    </>
  );
  return (
    <div className="space-y-3">
      {card ? (
        <ol aria-label={caption} aria-busy={loading} className="space-y-2 sm:hidden">
          {rows.map((row) => (
            <li key={row.id} className="rounded-lg border border-border bg-surface p-3 text-sm">
              {card(row.original)}
            </li>
          ))}
          {empty ? <li className="px-3 py-10 text-center">{emptyText}</li> : null}
        </ol>
      ) : null}
      {/* Focusable so a keyboard can scroll a table wider than a phone (axe: scrollable-region-focusable). */}
      <section
        aria-label={`${caption} table`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keys
        tabIndex={0}
        className={cn(
          'relative overflow-x-auto rounded-lg border border-border bg-surface focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          card && 'hidden sm:block',
        )}
      >
        <table className="w-full min-w-[640px] text-left text-sm" aria-busy={loading}>
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-border bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className="px-3 py-2 font-semibold"
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="inline-flex cursor-pointer items-center gap-1 uppercase hover:text-foreground"
                        >
                          {label}
                          {sorted === 'asc' ? (
                            <ArrowUp aria-hidden className="size-3" />
                          ) : sorted === 'desc' ? (
                            <ArrowDown aria-hidden className="size-3" />
                          ) : (
                            <ArrowUpDown aria-hidden className="size-3 opacity-50" />
                          )}
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-b border-border last:border-0 hover:bg-muted/40">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 align-middle">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
            {empty ? (
              <tr>
                <td colSpan={table.getVisibleLeafColumns().length} className="px-3 py-10 text-center">
                  {emptyText}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </section>
      <nav
        aria-label={`${caption} pages`}
        className="flex flex-wrap items-center justify-between gap-2 text-sm"
      >
        <p className="text-muted-foreground">
          {totalIsEstimate
            ? `Page ${pageIndex + 1} of ${Math.ceil(total / pageSize)}+ · ${total.toLocaleString('en-US')}+ ${things}`
            : `Page ${pageIndex + 1} of ${pageCount} · ${total.toLocaleString('en-US')} ${things}`}
        </p>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => table.previousPage()}
            disabled={!table.getCanPreviousPage()}
          >
            Previous
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => table.nextPage()}
            disabled={!table.getCanNextPage()}
          >
            Next
          </Button>
        </div>
      </nav>
    </div>
  );
}

/** A table cell's text cut to the spec's width (200 px, 300 px for messages), whole on hover. */
export function Truncated({ text, wide = false }: { text: string; wide?: boolean }) {
  return (
    <span title={text} className={cn('block truncate', wide ? 'max-w-[300px]' : 'max-w-[200px]')}>
      {text}
    </span>
  );
}
