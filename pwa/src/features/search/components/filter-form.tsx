import { useState, type FormEvent, type ReactNode } from 'react'
import { Button } from '@/components/button'
import { Checkbox, Field, Input, Select } from '@/components/field'
import { conditionLabel } from '@/components/labels'
import { useCategories } from '@/lib/categories'
import { cn } from '@/lib/cn'
import { useI18n } from '@/lib/i18n'
import { conditions } from '@/lib/types'
import {
  countPanelFilters,
  filterLabel,
  filterProblems,
  filtersFromForm,
  type SearchFilters,
  type TextFilter,
  typedNumber,
} from '../filters'

interface FilterFormProps {
  filters: SearchFilters
  /** The server's complaints by parameter (a 422's `fields`), shown under their inputs. */
  errors?: Record<string, string>
  onApply: (filters: SearchFilters) => void
  onClear: () => void
  /**
   * A category or a condition applies as soon as it is chosen (the panel
   * beside the results). False in the phone's sheet: there ticking a box
   * only ticks it, and Apply applies all and closes the sheet.
   */
  instant?: boolean
}

function Group({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold text-stone-900">{legend}</legend>
      {hint && <p className="-mt-1 text-sm text-stone-600">{hint}</p>}
      {children}
    </fieldset>
  )
}

/**
 * The filters that narrow a search. A category or a condition applies at
 * once (when `instant`); typed ones (prices, measures, location) with Enter
 * or Apply. A price or measure the server would refuse is caught as it is
 * typed, with the server's message under it, and Apply waits until it is
 * put right. The form starts from the address each time it changes (its
 * parent keys it).
 */
export function FilterForm({ filters, errors = {}, onApply, onClear, instant = true }: FilterFormProps) {
  const i18n = useI18n()
  const [problems, setProblems] = useState<Partial<Record<TextFilter, string>>>({})
  // The server's complaint about a field stands until the field is changed.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set())
  const errorOf = (name: TextFilter) => problems[name] ?? (edited.has(name) ? undefined : errors[name])
  const categories = useCategories().data?.items ?? []
  const names = categories.map((c) => c.name)
  // A category the list does not have (offline, or renamed) still shows as chosen.
  if (filters.category && !names.some((n) => n.toLowerCase() === filters.category.toLowerCase())) names.push(filters.category)
  const chosenCategory = names.find((n) => n.toLowerCase() === filters.category.toLowerCase()) ?? ''

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const next = filtersFromForm(new FormData(form), filters)
    const found = filterProblems(next)
    setProblems(found)
    const first = Object.keys(found)[0]
    if (first) {
      const control = form.elements.namedItem(first)
      if (control instanceof HTMLElement) control.focus()
      return
    }
    onApply(next)
  }
  const check = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement
    if (target.type === 'checkbox' || target.tagName === 'SELECT') return
    setEdited((names) => new Set(names).add(target.name))
    setProblems(filterProblems(filtersFromForm(new FormData(event.currentTarget), filters)))
  }
  const applyNow = (event: { currentTarget: HTMLInputElement | HTMLSelectElement }) => {
    if (instant) event.currentTarget.form?.requestSubmit()
  }

  return (
    <form onSubmit={submit} onInput={check} className="flex flex-col gap-6" noValidate>
      <Field label={filterLabel('category')} error={errors.category}>
        {(control) => (
          <Select {...control} name="category" defaultValue={chosenCategory} onChange={applyNow}>
            <option value="">{i18n._({ id: 'search.form.anyCategory', message: 'Any category' })}</option>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        )}
      </Field>

      <Group legend={i18n._({ id: 'search.form.price', message: 'Price' })}>
        <div className="grid grid-cols-2 gap-3">
          <Field label={filterLabel('min_price')} error={errorOf('min_price')}>
            {(control) => (
              <Input {...control} name="min_price" inputMode="decimal" defaultValue={typedNumber(filters.min_price)} />
            )}
          </Field>
          <Field label={filterLabel('max_price')} error={errorOf('max_price')}>
            {(control) => (
              <Input {...control} name="max_price" inputMode="decimal" defaultValue={typedNumber(filters.max_price)} />
            )}
          </Field>
        </div>
      </Group>

      <Group legend={filterLabel('condition') ?? ''}>
        <div className="flex flex-wrap gap-x-4">
          {conditions.map((condition) => (
            <Checkbox
              key={condition}
              label={conditionLabel(condition, i18n)}
              name="condition"
              value={condition}
              defaultChecked={filters.condition.includes(condition)}
              onChange={applyNow}
            />
          ))}
        </div>
        {errors.condition && <p className="text-sm font-medium text-red-700">{errors.condition}</p>}
      </Group>

      <Group
        legend={i18n._({ id: 'search.form.fit', message: 'Will it fit?' })}
        hint={i18n._({
          id: 'search.form.fit.hint',
          message: 'The most room you have, in cm. Listings without that measure are left out.',
        })}
      >
        <div className="grid grid-cols-3 gap-2">
          <Field label={filterLabel('max_width_cm')} error={errorOf('max_width_cm')}>
            {(control) => (
              <Input {...control} name="max_width_cm" inputMode="decimal" defaultValue={typedNumber(filters.max_width_cm)} />
            )}
          </Field>
          <Field label={filterLabel('max_depth_cm')} error={errorOf('max_depth_cm')}>
            {(control) => (
              <Input {...control} name="max_depth_cm" inputMode="decimal" defaultValue={typedNumber(filters.max_depth_cm)} />
            )}
          </Field>
          <Field label={filterLabel('max_height_cm')} error={errorOf('max_height_cm')}>
            {(control) => (
              <Input {...control} name="max_height_cm" inputMode="decimal" defaultValue={typedNumber(filters.max_height_cm)} />
            )}
          </Field>
        </div>
      </Group>

      <Field label={filterLabel('location')} error={errors.location}>
        {(control) => (
          <Input
            {...control}
            name="location"
            defaultValue={filters.location}
            placeholder={i18n._({ id: 'search.form.location.placeholder', message: 'Town or area' })}
          />
        )}
      </Field>

      {/* In the phone's sheet Apply stays in view at its foot, however far the filters scroll. */}
      <div
        className={cn('flex flex-col gap-2', !instant && 'sticky -bottom-4 -mx-5 border-t border-stone-200 bg-canvas px-5 py-3')}
      >
        <Button type="submit">{i18n._({ id: 'search.form.apply', message: 'Apply filters' })}</Button>
        {countPanelFilters(filters) > 0 && (
          <Button variant="ghost" onClick={onClear}>
            {i18n._({ id: 'search.clearFilters', message: 'Clear filters' })}
          </Button>
        )}
      </div>
    </form>
  )
}
