import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { useMediaQuery } from '@client/lib/use-media-query';
import { ADMIN_TEXT } from '@common/messages';
import { flexRender, type Table, type Row as TableRow } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';

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
   * On screens narrower than `sm` the rows show as cards instead of the table, so no column (Actions
   * least of all) hides off-screen in a sideways scroll. This card, where a list has its own (the audit
   * log); otherwise each cell under its column's name. Only one of cards and table is ever displayed.
   */
  card?: (row: Row) => ReactNode;
}

/** Narrower than Tailwind's `sm`: where a table's columns no longer fit. */
const PHONE_WIDTH = '(max-width: 639.98px)';

/** A row on a phone: each cell under its column's name, the actions last as in the table. */
function CellsCard<Row>({ row, table }: { row: TableRow<Row>; table: Table<Row> }) {
  const headers = new Map(table.getFlatHeaders().map((header) => [header.column.id, header]));
  return (
    <dl className="grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] items-center gap-x-3 gap-y-1.5">
      {row.getVisibleCells().map((cell) => {
        const header = headers.get(cell.column.id);
        return (
          <Fragment key={cell.id}>
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              {header ? flexRender(cell.column.columnDef.header, header.getContext()) : null}
            </dt>
            <dd className="min-w-0 break-words">
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </dd>
          </Fragment>
        );
      })}
    </dl>
  );
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
  const phone = useMediaQuery(PHONE_WIDTH);
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
      {phone ? (
        <ol aria-label={caption} aria-busy={loading} className="space-y-2">
          {rows.map((row) => (
            <li key={row.id} className="rounded-lg border border-border bg-surface p-3 text-sm">
              {card ? card(row.original) : <CellsCard row={row} table={table} />}
            </li>
          ))}
          {empty ? <li className="px-3 py-10 text-center">{emptyText}</li> : null}
        </ol>
      ) : (
        /* Focusable so a keyboard can scroll a table wider than its frame (axe: scrollable-region-focusable). */
        <section
          aria-label={`${caption} table`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to be scrolled by keys
          tabIndex={0}
          className="relative overflow-x-auto rounded-lg border border-border bg-surface focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
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
      )}
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
