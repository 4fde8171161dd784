import { useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'

/**
 * The top bar's search: an input on wide screens; on phones a Search button
 * that opens it over the bar, full width (Escape or Close puts it away).
 * Submitting opens /search?q=…; on the search screen it holds the words
 * searched. Kept small: it is in the first script of every page.
 */
export function SearchBox() {
  const i18n = useI18n()
  const searchListings = i18n._({ id: 'search.placeholder', message: 'Search listings' })
  const [open, setOpen] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const words = pathname === paths.search ? new URLSearchParams(search).get('q') : ''
  const close = () => {
    setOpen(false)
    opener.current?.focus()
  }
  return (
    <>
      <form
        role="search"
        key={`${open}${words}`}
        onSubmit={(event) => {
          event.preventDefault()
          input.current?.blur()
          setOpen(false)
          const q = input.current?.value.trim()
          navigate(q ? `${paths.search}?${new URLSearchParams({ q })}` : paths.search)
        }}
        onKeyDown={(event) => event.key === 'Escape' && open && close()}
        className={
          open ? 'absolute inset-x-0 top-0 z-10 flex h-16 items-center gap-2 bg-white px-4' : 'hidden max-w-md flex-1 md:flex'
        }
      >
        <label htmlFor="top-search" className="sr-only">
          {searchListings}
        </label>
        <input
          ref={input}
          id="top-search"
          name="q"
          type="search"
          enterKeyHint="search"
          autoFocus={open}
          defaultValue={words ?? ''}
          placeholder={searchListings}
          className="min-h-11 w-full rounded-full border border-stone-300 bg-stone-50 px-4"
        />
        {open && (
          <button
            type="button"
            aria-label={i18n._({ id: 'search.close.label', message: 'Close search' })}
            onClick={close}
            className="min-h-11 px-2 font-medium text-stone-700"
          >
            {i18n._({ id: 'search.close', message: 'Close' })}
          </button>
        )}
      </form>
      <button
        ref={opener}
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="ms-auto inline-flex size-11 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 md:hidden"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="11" cy="11" r="7" />
          <path strokeLinecap="round" d="m20 20-3.5-3.5" />
        </svg>
        <span className="sr-only">{i18n._({ id: 'search.open', message: 'Search' })}</span>
      </button>
    </>
  )
}
