import { useDeferredValue, useId, useState, type ComponentProps } from 'react'
import { Field, Textarea } from '@/components/field'
import { MarkdownText } from '@/components/markdown'
import { cn } from '@/lib/cn'
import { useI18n } from '@/lib/i18n'

interface MarkdownFieldProps {
  label: string
  /** The text as typed, for the preview. */
  value: string
  error?: string
  /** What register() gives the textarea. */
  textarea: ComponentProps<'textarea'>
}

/**
 * A Markdown text with its preview: beside it on wide screens, and on phones
 * one at a time, switched by Write / Preview.
 */
export function MarkdownField({ label, value, error, textarea }: MarkdownFieldProps) {
  const i18n = useI18n()
  const [previewing, setPreviewing] = useState(false)
  const shown = useDeferredValue(value)
  const previewId = useId()
  const modes = [
    {
      key: 'write',
      label: i18n._({ id: 'site.markdown.write', message: 'Write' }),
      on: !previewing,
      set: () => setPreviewing(false),
    },
    {
      key: 'preview',
      label: i18n._({ id: 'site.markdown.preview', message: 'Preview' }),
      on: previewing,
      set: () => setPreviewing(true),
    },
  ]
  return (
    <div className="flex flex-col gap-2">
      <div className="grid gap-4 lg:grid-cols-2">
        <Field label={label} error={error} className={cn(previewing && 'max-lg:hidden')}>
          {(control) => <Textarea rows={10} className="font-mono text-sm" {...control} {...textarea} />}
        </Field>
        <section
          aria-labelledby={`${previewId}-title`}
          className={cn('flex min-w-0 flex-col gap-1.5', !previewing && 'max-lg:hidden')}
        >
          <h3 id={`${previewId}-title`} className="font-medium text-stone-800">
            {i18n._({ id: 'site.markdown.previewOf', message: 'Preview of {label}', values: { label } })}
          </h3>
          <div className="min-h-28 rounded-lg border border-dashed border-stone-300 bg-stone-50 p-4">
            {shown.trim() ? (
              <MarkdownText text={shown} />
            ) : (
              <p className="text-stone-600 italic">{i18n._({ id: 'site.markdown.empty', message: 'Nothing written yet.' })}</p>
            )}
          </div>
        </section>
      </div>
      <div
        role="group"
        aria-label={i18n._({ id: 'site.markdown.show', message: 'Show {label}', values: { label } })}
        className="flex gap-2 lg:hidden"
      >
        {modes.map((mode) => (
          <button
            key={mode.key}
            type="button"
            aria-pressed={mode.on}
            onClick={mode.set}
            className={cn(
              'inline-flex min-h-11 items-center rounded-lg border px-4 text-sm font-semibold',
              mode.on ? 'border-teal-700 bg-teal-700 text-white' : 'border-stone-300 bg-white text-stone-800 hover:bg-stone-50',
            )}
          >
            {mode.label}
          </button>
        ))}
      </div>
    </div>
  )
}
