// Times of messages and pickups, in the app's language and the viewer's time zone.
import { dateTimeFormat } from '@/lib/format'

/** Today's as a time, older ones as a date: for the list of conversations. */
export function formatWhen(time: string, now = new Date()): string {
  const date = new Date(time)
  const today = date.toDateString() === now.toDateString()
  return dateTimeFormat(today ? { timeStyle: 'short' } : { dateStyle: 'medium' }).format(date)
}

/** A datetime-local input's value (local time, no zone) as UTC RFC 3339; '' when it is none. */
export function localInputToUtc(value: string): string {
  const date = new Date(value)
  return value && !Number.isNaN(date.getTime()) ? date.toISOString() : ''
}

/** A time as a datetime-local input writes it, in local time: the input's min. */
export function utcToLocalInput(time: Date): string {
  const local = new Date(time.getTime() - time.getTimezoneOffset() * 60_000)
  return local.toISOString().slice(0, 16)
}
