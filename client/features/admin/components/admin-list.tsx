import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/toaster';
import { useDebouncedValue } from '@client/lib/use-debounced-value';
import { ADMIN_TEXT } from '@common/messages';
import type { AdminPage } from '@common/schemas/admin';
import { ADMIN_PAGE_SIZE_DEFAULT } from '@common/schemas/admin-money';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import {
  type ColumnDef,
  getCoreRowModel,
  type PaginationState,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { Search } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { ADMIN_SEARCH_PAUSE_MS, type ListParams } from '../api';
import { AdminTable } from './admin-table';

export interface AdminListProps<Row> {
  /** Plural noun of the rows: 'users' ('No users found.', 'Search users...'). */
  things: string;
  /** What failed, in 'Failed to load …'; `things` when absent. */
  failureThing?: string;
  columns: ColumnDef<Row, never>[];
  /** The query of one page; `params` holds page, pageSize, search, sort, order and `filters`. */
  query: (params: ListParams) => UseQueryOptions<AdminPage<Row>, Error, AdminPage<Row>, QueryKey>;
  /** The server's sort when none is chosen; null when the list cannot be sorted. */
  defaultSort: { id: string; desc: boolean } | null;
  /** Extra query parameters (filters chosen beside the search box). */
  filters?: ListParams;
  /** Controls shown beside the search box (filters). */
  toolbar?: ReactNode;
  /** Opens the row's detail; adds the View column. */
  onView?: (row: Row) => void;
  /** False for lists without a text search (the audit log filters by fields instead). */
  searchable?: boolean;
  /** Each row as a card on narrow screens, instead of the table (see AdminTable). */
  card?: (row: Row) => ReactNode;
}

/** One admin list tab's body: debounced server search, server sorting and paging over TanStack Table. */
/**
 * A row is keyed by its id where it has one: a row that moves (a postponed event re-sorted) keeps its own
 * controls, so focus given back to a button stays on the same thing, not on whatever row took its place.
 */
function rowKey<Row>(row: Row, index: number): string {
  const id = (row as { id?: unknown }).id;
  return typeof id === 'number' || typeof id === 'string' ? `id-${id}` : `index-${index}`;
}

export function AdminList<Row>(props: AdminListProps<Row>) {
  const { things, columns, defaultSort, filters, onView, searchable = true } = props;
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), ADMIN_SEARCH_PAUSE_MS);
  const [sorting, setSorting] = useState<SortingState>(defaultSort ? [defaultSort] : []);
  const [pagination, setPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: ADMIN_PAGE_SIZE_DEFAULT,
  });
  const filterKey = JSON.stringify(filters ?? {});
  // A new search, filter or sort starts again at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page resets when these change
  useEffect(() => setPagination((current) => ({ ...current, pageIndex: 0 })), [search, filterKey, sorting]);
  const sort = sorting[0];
  const params: ListParams = {
    page: pagination.pageIndex + 1,
    pageSize: pagination.pageSize,
    search: search || undefined,
    ...(sort ? { sort: sort.id, order: sort.desc ? 'desc' : 'asc' } : {}),
    ...filters,
  };
  const result = useQuery(props.query(params));
  const failed = result.isError;
  useEffect(() => {
    if (failed)
      toast({ title: ADMIN_TEXT.failedToLoad(props.failureThing ?? things), variant: 'destructive' });
  }, [failed, props.failureThing, things]);

  // The View column is built once per column set: a new cell renderer is a new component to React, which
  // would remount every View button on each render of the tab and drop the focus a dialog gives back.
  const view = useRef(onView);
  useEffect(() => {
    view.current = onView;
  });
  const viewable = onView !== undefined;
  const allColumns = useMemo<ColumnDef<Row, never>[]>(
    () =>
      viewable
        ? [
            ...columns,
            {
              id: 'actions',
              header: () => <span className="sr-only">Actions</span>,
              enableSorting: false,
              cell: ({ row }) => (
                <Button variant="outline" size="sm" onClick={() => view.current?.(row.original)}>
                  {ADMIN_TEXT.view}
                </Button>
              ),
            },
          ]
        : columns,
    [columns, viewable],
  );
  const page = result.data;
  const table = useReactTable({
    data: page?.rows ?? [],
    columns: allColumns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowKey,
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableSorting: defaultSort !== null,
    // An estimated total is a lower bound: one more row keeps Next open past the pages it counts.
    rowCount: page ? page.total + (page.totalIsEstimate ? 1 : 0) : 0,
    state: { sorting, pagination },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
  });
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        {searchable ? (
          <div className="relative min-w-0 flex-1 sm:max-w-sm">
            <Search
              aria-hidden
              className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              type="search"
              aria-label={`Search ${things}`}
              placeholder={ADMIN_TEXT.searchPlaceholder(things)}
              className="pl-9"
              maxLength={100}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
        ) : null}
        {props.toolbar}
      </div>
      <AdminTable
        table={table}
        things={things}
        searching={search !== ''}
        loading={result.isPending}
        total={page?.total ?? 0}
        totalIsEstimate={page?.totalIsEstimate ?? false}
        caption={things.charAt(0).toUpperCase() + things.slice(1)}
        {...(props.card ? { card: props.card } : {})}
      />
    </div>
  );
}
