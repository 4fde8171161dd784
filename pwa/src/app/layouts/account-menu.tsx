import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { Avatar } from '@/components/avatar'
import { useLogout } from '@/features/auth'
import { useI18n } from '@/lib/i18n'
import type { User } from '@/lib/types'
import { paths } from '@/lib/paths'

const itemClasses =
  'flex min-h-11 w-full items-center rounded-lg px-3 text-start font-medium text-stone-700 no-underline hover:bg-stone-100 hover:text-stone-900'

/**
 * The signed-in person's button in the desktop top bar, with their picture
 * and name, opening Profile, Dashboard and Log Out (the disclosure pattern:
 * aria-expanded, Escape or a click elsewhere closes it, the focus goes back
 * to the button). Phones have these in the full-screen menu instead.
 */
export function AccountMenu({ user }: { user: User }) {
  const i18n = useI18n()
  const [open, setOpen] = useState(false)
  const logout = useLogout()
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])

  const close = () => setOpen(false)
  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return
        event.stopPropagation()
        close()
        button.current?.focus()
      }}
      // Tabbing past the last item closes the menu, as leaving it should.
      onBlur={(event) => {
        if (open && event.relatedTarget && !root.current?.contains(event.relatedTarget as Node)) close()
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
        className="inline-flex min-h-11 max-w-48 items-center gap-2 rounded-lg px-2 font-medium text-stone-700 hover:bg-stone-100"
      >
        <span aria-hidden="true" className="contents">
          <Avatar name={user.name} src={user.image || undefined} label="" size={28} />
        </span>
        <span className="truncate" title={user.name}>
          {user.name}
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </button>
      <ul
        id={id}
        hidden={!open}
        className="absolute end-0 z-40 mt-1 flex w-56 flex-col gap-0.5 rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg"
      >
        <li>
          <Link to={paths.profile} className={itemClasses} onClick={close}>
            {i18n._({ id: 'account.profile', message: 'Profile' })}
          </Link>
        </li>
        <li>
          <Link to={paths.dashboard} className={itemClasses} onClick={close}>
            {i18n._({ id: 'nav.dashboard', message: 'Dashboard' })}
          </Link>
        </li>
        <li className="mt-1 border-t border-stone-200 pt-1">
          <button
            type="button"
            className={itemClasses}
            disabled={logout.isPending}
            onClick={() => {
              close()
              logout.mutate()
            }}
          >
            {i18n._({ id: 'account.logOut', message: 'Log Out' })}
          </button>
        </li>
      </ul>
    </div>
  )
}
