import { useId } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { useI18n } from '@/lib/i18n'
import type { RegistrationRole } from '@/lib/types'

interface RoleChoiceProps {
  /** register('role') of the form. */
  register: UseFormRegisterReturn<'role'>
  error?: string
}

/** 'I mainly want to' Buy or Sell: two radio cards, each with a line saying what it means. */
export function RoleChoice({ register, error }: RoleChoiceProps) {
  const i18n = useI18n()
  const id = useId()
  // The roles one may register with, in words a newcomer knows; the values stay the server's.
  const choices: { value: RegistrationRole; label: string; description: string }[] = [
    {
      value: 'Buyer',
      label: i18n._({ id: 'register.role.buy', message: 'Buy' }),
      description: i18n._({
        id: 'register.role.buyDescription',
        message: 'Browse and book second-hand goods; you can start selling any time',
      }),
    },
    {
      value: 'Seller',
      label: i18n._({ id: 'register.role.sell', message: 'Sell' }),
      description: i18n._({ id: 'register.role.sellDescription', message: 'List things you no longer need, and buy too' }),
    },
  ]
  const errorId = `${id}-error`
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 font-medium text-stone-800">
        {i18n._({ id: 'register.role.legend', message: 'I mainly want to' })}
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-stone-300 bg-white p-3 has-checked:border-teal-700 has-checked:bg-teal-50 has-focus-visible:outline-2 has-focus-visible:outline-teal-700"
          >
            <input
              type="radio"
              value={choice.value}
              aria-labelledby={`${id}-${choice.value}`}
              aria-describedby={`${id}-${choice.value}-description`}
              className="mt-0.5 size-5 shrink-0 accent-teal-700"
              {...register}
            />
            <span className="flex flex-col">
              <span id={`${id}-${choice.value}`} className="font-semibold text-stone-900">
                {choice.label}
              </span>
              <span id={`${id}-${choice.value}-description`} className="text-sm text-stone-600">
                {choice.description}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  )
}
