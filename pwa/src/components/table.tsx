import type { Key, ReactNode } from 'react'
import { cn } from '@/lib/cn'

export interface Column<T> {
  /** Column heading; also the label beside each value in the stacked (small-screen) layout. */
  header: string
  cell: (row: T, index: number) => ReactNode
  /** Hide the label in the stacked layout (e.g. for an image or a row of buttons). */
  hideLabelWhenStacked?: boolean
  /**
   * In the stacked layout, float beside the values that follow instead of
   * taking a row of its own (e.g. a thumbnail). Implies hideLabelWhenStacked.
   */
  asideWhenStacked?: boolean
  className?: string
}

interface TableProps<T> {
  /** Names the table for screen readers; visually hidden. */
  caption: string
  columns: Column<T>[]
  rows: T[]
  rowKey: (row: T) => Key
  className?: string
}

/**
 * A data table on wide screens that turns into stacked cards below 768 px. One
 * DOM for both: explicit ARIA roles keep the table semantics when CSS changes
 * the display of the rows.
 *
 *   <Table caption="Users" rows={users} rowKey={(u) => u.id}
 *     columns={[{ header: 'Name', cell: (u) => u.name }, ...]} />
 */
export function Table<T>({ caption, columns, rows, rowKey, className }: TableProps<T>) {
  return (
    <div className={cn('md:overflow-x-auto md:rounded-2xl md:border md:border-stone-200 md:bg-white md:shadow-sm', className)}>
      <table role="table" className="w-full border-collapse text-start max-md:block">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className="max-md:sr-only">
          <tr role="row" className="border-b border-stone-200 bg-stone-50">
            {columns.map((column, index) => (
              <th key={index} role="columnheader" scope="col" className="px-4 py-3 text-sm font-semibold text-stone-700">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-md:flex max-md:flex-col max-md:gap-3">
          {rows.map((row, index) => (
            <tr
              key={rowKey(row)}
              role="row"
              className={cn(
                'border-b border-stone-100 last:border-0 md:hover:bg-stone-50',
                'max-md:flow-root max-md:rounded-2xl max-md:border max-md:border-stone-200 max-md:bg-white max-md:p-4 max-md:shadow-sm max-md:last:border',
              )}
            >
              {columns.map((column, columnIndex) => (
                <td
                  key={columnIndex}
                  role="cell"
                  data-label={column.hideLabelWhenStacked || column.asideWhenStacked ? undefined : column.header}
                  className={cn(
                    'px-4 py-3 align-middle text-stone-800',
                    // Stacked: label on the left, value on the right (also when it wraps); empty cells take no room.
                    // A value narrower than its words breaks them rather than widen the card past the screen.
                    'max-md:flex max-md:items-center max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1.5 max-md:text-end max-md:empty:hidden',
                    'max-md:*:min-w-0 max-md:wrap-break-word max-md:hyphens-auto',
                    'max-md:before:shrink-0 max-md:before:text-start max-md:before:font-medium max-md:before:text-stone-600 max-md:before:content-[attr(data-label)]',
                    column.asideWhenStacked && 'max-md:float-start max-md:me-4 max-md:py-0 max-md:before:hidden',
                    // A card's buttons: set apart at its foot.
                    column.hideLabelWhenStacked && 'max-md:mt-2 max-md:border-t max-md:border-stone-100 max-md:pt-3',
                    column.className,
                  )}
                >
                  {column.cell(row, index)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
