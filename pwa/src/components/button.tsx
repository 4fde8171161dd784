import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'
import { useI18n } from '@/lib/i18n'
import { Spinner } from './spinner'

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost'
export type ButtonSize = 'sm' | 'md'

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-teal-700 text-white shadow-sm hover:bg-teal-800 active:bg-teal-900',
  secondary: 'border border-stone-300 bg-white text-stone-800 shadow-sm hover:bg-stone-50 active:bg-stone-100',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 active:bg-red-900',
  ghost: 'text-teal-800 hover:bg-teal-50 active:bg-teal-100',
}

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-11 px-3 text-sm',
  md: 'min-h-11 px-5 text-base',
}

/** The button look, for a <Link> that should look like a button (links navigate, buttons act). */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(
    // py-2 and text-center for a label that wraps in a longer language: one line stays min-h-11 high.
    'inline-flex items-center justify-center gap-2 rounded-lg py-2 text-center font-semibold no-underline transition-colors',
    'disabled:cursor-not-allowed disabled:opacity-60',
    variants[variant],
    sizes[size],
    className,
  )
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Shows a spinner and disables the button, e.g. while a mutation is pending. */
  isLoading?: boolean
}

export function Button({
  variant,
  size,
  isLoading = false,
  className,
  type = 'button',
  disabled,
  children,
  ...props
}: ButtonProps) {
  const i18n = useI18n()
  return (
    <button
      type={type}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      className={buttonClasses({ variant, size, className })}
      {...props}
    >
      {isLoading && <Spinner size="sm" label={i18n._({ id: 'common.working', message: 'Working…' })} />}
      {children}
    </button>
  )
}
