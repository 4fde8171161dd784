import { cn } from '@/lib/cn'

/** Dark enough behind white text (WCAG AA) in every case. */
const colours = [
  'bg-teal-700',
  'bg-sky-700',
  'bg-indigo-700',
  'bg-violet-700',
  'bg-fuchsia-700',
  'bg-rose-700',
  'bg-orange-700',
  'bg-emerald-700',
  'bg-stone-600',
]

/** "Bea Buyer" → "BB", "ada" → "A", "" → "?". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return '?'
  const first = Array.from(words[0] ?? '')[0] ?? ''
  const last = words.length > 1 ? (Array.from(words[words.length - 1] ?? '')[0] ?? '') : ''
  return (first + last).toUpperCase()
}

/** The same name always gets the same colour. */
export function avatarColour(name: string): string {
  let hash = 0
  for (const char of name.trim().toLowerCase()) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  return colours[hash % colours.length] ?? 'bg-teal-700'
}

interface AvatarProps {
  /** The person's name: the picture's description, or where the initials come from. */
  name: string
  /** Their picture; without one, their initials on a coloured circle. */
  src?: string
  /** What a screen reader says, when not the name (e.g. 'Preview of the chosen picture'). */
  label?: string
  /** Width and height in px. */
  size?: number
  className?: string
}

/** A person's picture in a circle, or their initials when they have none. */
export function Avatar({ name, src, label = name, size = 40, className }: AvatarProps) {
  if (src) {
    return (
      <img
        src={src}
        alt={label}
        width={size}
        height={size}
        className={cn('aspect-square shrink-0 rounded-full bg-stone-100 object-cover', className)}
      />
    )
  }
  return (
    <span
      role="img"
      aria-label={label}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white select-none',
        avatarColour(name),
        className,
      )}
    >
      <span aria-hidden="true">{initials(name)}</span>
    </span>
  )
}
