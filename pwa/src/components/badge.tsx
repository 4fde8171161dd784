import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

export type BadgeTone = 'green' | 'amber' | 'red' | 'stone' | 'teal'

const tones: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-900 ring-green-700/20',
  amber: 'bg-amber-100 text-amber-900 ring-amber-700/20',
  red: 'bg-red-100 text-red-900 ring-red-700/20',
  stone: 'bg-stone-200 text-stone-800 ring-stone-700/20',
  teal: 'bg-teal-100 text-teal-900 ring-teal-700/20',
}

/** A small pill for a status or role; its text says it all, the colour only helps. */
interface BadgeProps extends ComponentProps<'span'> {
  tone?: BadgeTone
  /** Lets a long text wrap (a date, say) rather than keep to one line. */
  wrap?: boolean
}

export function Badge({ tone = 'stone', wrap = false, className, ...props }: BadgeProps) {
  return (
    <span
      {...props}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-medium',
        wrap ? 'flex-wrap gap-x-1 gap-y-0 rounded-2xl' : 'whitespace-nowrap',
        'ring-1 ring-inset',
        tones[tone],
        className,
      )}
    />
  )
}
