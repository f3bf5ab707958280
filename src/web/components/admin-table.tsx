import type { ReactNode } from 'react';
import { TableScroll } from './table-scroll.tsx';

/** One header cell: its text, an optional width class, right alignment, or text only screen readers get (the actions column). */
export interface AdminColumn {
  label: string;
  className?: string;
  align?: 'right';
  srOnly?: boolean;
  /** As narrow as its content and never wrapped (the actions column), so the other columns do not squeeze it. */
  fit?: boolean;
}

interface AdminTableProps {
  caption: string;
  columns: AdminColumn[];
  /** A literal Tailwind class, e.g. 'min-w-[860px]', so the class scanner sees it. */
  minWidth: string;
  /** text-sm for the whole table. */
  small?: boolean;
  /** Every cell padded on both sides (px-4 py-3), for tables flush with a card's edge; otherwise py-2 pr-4, none after the last. */
  inset?: boolean;
  children: ReactNode;
}

/** The admin list table scaffold: scroll wrapper, sr-only caption, uppercase header row; the rows come as children. */
export function AdminTable({ caption, columns, minWidth, small = false, inset = false, children }: AdminTableProps) {
  return (
    <TableScroll label={caption}>
      <table className={`w-full ${minWidth} text-left${small ? ' text-sm' : ''}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border text-xs text-muted-foreground uppercase">
          <tr>
            {columns.map((column, index) => {
              const padding = inset ? 'px-4 py-3' : index < columns.length - 1 ? 'py-2 pr-4' : 'py-2';
              const className = [column.className, padding, column.align === 'right' && 'text-right', column.fit && 'w-px whitespace-nowrap', 'font-medium']
                .filter(Boolean)
                .join(' ');
              return (
                <th key={index} scope="col" className={className}>
                  {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}
