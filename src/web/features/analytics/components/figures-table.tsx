import type { ReactNode } from 'react';
import { TableScroll } from '#web/components/table-scroll.tsx';

/** A top list as a table: its first column names the row, the others are figures (right-aligned). */
export function FiguresTable<Row>({
  title,
  rows,
  rowKey,
  columns,
  emptyText,
}: {
  title: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  columns: { label: string; cell: (row: Row) => ReactNode }[];
  emptyText: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{emptyText}</p>;
  return (
    <TableScroll label={title}>
      <table className="w-full text-sm">
        <caption className="sr-only">{title}</caption>
        <thead className="text-left text-muted-foreground">
          <tr>
            {columns.map((column, index) => (
              <th key={column.label} scope="col" className={index === 0 ? 'py-2 pr-3 font-medium' : 'px-3 py-2 text-right font-medium whitespace-nowrap'}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.label} scope="row" className="max-w-56 truncate py-2 pr-3 text-left font-normal">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.label} className="px-3 py-2 text-right tabular-nums whitespace-nowrap">
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
