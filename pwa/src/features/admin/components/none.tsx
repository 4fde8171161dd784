/** An empty value in a table cell, read out as "none". */
export function None() {
  return (
    <span className="text-stone-500">
      <span aria-hidden="true">—</span>
      <span className="sr-only">none</span>
    </span>
  )
}
