import type { ReactNode } from 'react'

/** The centred card that holds the login and register forms. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="mb-6 text-center text-3xl font-bold">{title}</h1>
        {children}
      </div>
      {footer && <div className="mt-6 text-center text-stone-700">{footer}</div>}
    </div>
  )
}
