import type { ReactNode } from 'react';

/** A titled block of label/value rows (Ticket Details, Price Details, Purchase Price). */
export function DetailList({
  title,
  rows,
}: {
  title: string;
  rows: Array<{ label: string; value: ReactNode; strong?: boolean }>;
}) {
  return (
    <section className="space-y-2">
      <h4 className="text-sm font-semibold">{title}</h4>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className={row.strong ? 'text-right font-semibold' : 'text-right'}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
