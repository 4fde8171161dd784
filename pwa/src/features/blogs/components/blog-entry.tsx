import type { ReactNode } from 'react'

interface BlogEntryProps {
  /** Anchor for the table of contents. */
  id: string
  question: string
  children: ReactNode
}

/** One question and its answer. Text, lists and code inside get readable spacing. */
export function BlogEntry({ id, question, children }: BlogEntryProps) {
  return (
    <article
      aria-labelledby={id}
      className="scroll-mt-24 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id={id} className="text-2xl font-bold">
        {question}
      </h2>
      <div className="mt-4 flex flex-col gap-4 leading-relaxed text-stone-800 [&_code]:font-mono [&_code]:text-[0.9em] [&_li]:ml-5 [&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-2">
        {children}
      </div>
    </article>
  )
}

/** A short code sample that scrolls sideways on narrow screens instead of widening the page. */
export function CodeSample({ children }: { children: string }) {
  return (
    // Focusable so keyboard users can scroll it.
    <pre
      tabIndex={0}
      className="overflow-x-auto rounded-lg bg-stone-900 p-4 text-sm leading-6 text-stone-100"
    >
      <code>{children}</code>
    </pre>
  )
}
