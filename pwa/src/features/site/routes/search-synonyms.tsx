import { useState, type FormEvent } from 'react'
import toast from 'react-hot-toast'
import { Button } from '@/components/button'
import { QueryErrorState } from '@/components/error-state'
import { Field, Input } from '@/components/field'
import { FormError } from '@/components/form-error'
import { OfflineReason, OfflineState } from '@/components/offline-state'
import { PageHeader } from '@/components/page-header'
import { PageSpinner } from '@/components/spinner'
import { ApiError } from '@/lib/api'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
import type { SearchResult } from '@/lib/types'
import { previewSearch, useSaveSynonyms, useSynonyms, type SynonymGroups } from '../api/synonyms'

export function SearchSynonymsRoute() {
  const i18n = useI18n()
  const query = useSynonyms()
  let body
  if (query.data) body = <SynonymsForm groups={query.data} />
  else if (query.fetchStatus === 'paused') {
    body = <OfflineState what={i18n._({ id: 'synonyms.offlineWhat', message: "The search's synonyms" })} />
  } else if (query.isError) {
    body = <QueryErrorState title={i18n._({ id: 'synonyms.loadError', message: 'Could not load the synonyms' })} query={query} />
  } else body = <PageSpinner />
  return (
    <>
      <PageHeader
        title={i18n._({ id: 'synonyms.title', message: 'Search synonyms' })}
        description={i18n._({
          id: 'synonyms.description',
          message:
            "Words a search treats as one: a search for any word of a group also finds the listings with the others, in every form of the marketplace's language (sofa finds sofas).",
        })}
      />
      {body}
      <SearchPreview />
    </>
  )
}

/** A group's words as typed: separated by commas or spaces. */
function wordsOf(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean)
}

function SynonymsForm({ groups }: { groups: SynonymGroups }) {
  const i18n = useI18n()
  const online = useOnline()
  const save = useSaveSynonyms()
  const [texts, setTexts] = useState(() => groups.map((group) => group.join(', ')))
  const [errors, setErrors] = useState<Record<number, string>>({})
  const [failure, setFailure] = useState<unknown>(null)

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setErrors({})
    setFailure(null)
    // Empty lines are left out; the server's messages name the groups as sent.
    const sent = texts.map((text, index) => ({ index, words: wordsOf(text) })).filter((group) => group.words.length > 0)
    try {
      const saved = await save.mutateAsync(sent.map((group) => group.words))
      setTexts(saved.map((group) => group.join(', ')))
      toast.success(i18n._({ id: 'synonyms.saved', message: 'Synonyms saved' }))
    } catch (error) {
      if (!(error instanceof ApiError)) return setFailure(error)
      const placed: Record<number, string> = {}
      const rest: Record<string, string> = {}
      for (const [field, message] of Object.entries(error.fields)) {
        const at = /^synonyms\.(\d+)$/.exec(field)
        const group = at ? sent[Number(at[1])] : undefined
        if (group) placed[group.index] = message
        else rest[field] = message
      }
      setErrors(placed)
      setFailure(
        Object.keys(placed).length > 0 && Object.keys(rest).length === 0 ? null : new ApiError(error.status, error.message, rest),
      )
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex max-w-2xl flex-col gap-4">
      {texts.length === 0 && <p className="text-stone-600">{i18n._({ id: 'synonyms.none', message: 'No synonyms yet.' })}</p>}
      {texts.length > 0 && (
        // Above the groups, not under the first: each group's Remove stays beside its words.
        <p id="synonyms-group-hint" className="text-sm text-stone-600">
          {i18n._({ id: 'synonyms.group.hint', message: 'Two words or more, separated by commas.' })}
        </p>
      )}
      <ol className="flex flex-col gap-3">
        {texts.map((text, index) => (
          <li key={index} className="flex items-end gap-3">
            <Field
              label={i18n._({ id: 'synonyms.group', message: 'Group {number}', values: { number: index + 1 } })}
              error={errors[index]}
              className="min-w-0 flex-1"
            >
              {(control) => (
                <Input
                  autoComplete="off"
                  {...control}
                  aria-describedby={
                    [control['aria-describedby'], index === 0 && 'synonyms-group-hint'].filter(Boolean).join(' ') || undefined
                  }
                  value={text}
                  onChange={(event) => setTexts(texts.map((t, i) => (i === index ? event.target.value : t)))}
                />
              )}
            </Field>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setTexts(texts.filter((_, i) => i !== index))
                setErrors({})
              }}
              aria-label={i18n._({ id: 'synonyms.remove', message: 'Remove group {number}', values: { number: index + 1 } })}
            >
              {i18n._({ id: 'synonyms.removeShort', message: 'Remove' })}
            </Button>
          </li>
        ))}
      </ol>
      <Button type="button" variant="secondary" className="sm:self-start" onClick={() => setTexts([...texts, ''])}>
        {i18n._({ id: 'synonyms.add', message: 'Add a group' })}
      </Button>
      <FormError error={failure} />
      <OfflineReason action={i18n._({ id: 'synonyms.offlineAction', message: 'saving the synonyms' })} />
      <Button type="submit" disabled={!online} isLoading={save.isPending} className="sm:self-start">
        {i18n._({ id: 'synonyms.save', message: 'Save synonyms' })}
      </Button>
    </form>
  )
}

/** What a word finds now, through the marketplace's own search, with the synonyms as saved. */
function SearchPreview() {
  const i18n = useI18n()
  const [word, setWord] = useState('')
  const [result, setResult] = useState<{ word: string; found: SearchResult } | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const asked = word.trim()
    if (!asked) return
    setBusy(true)
    setFailure(null)
    try {
      setResult({ word: asked, found: await previewSearch(asked) })
    } catch (error) {
      setResult(null)
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="synonyms-preview" className="mt-10 flex max-w-2xl flex-col gap-4">
      <h2 id="synonyms-preview" className="text-xl font-semibold">
        {i18n._({ id: 'synonyms.preview', message: 'Try a word' })}
      </h2>
      {/* The button under the word, not beside it: the hint would push it below the field. */}
      <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
        <Field
          label={i18n._({ id: 'synonyms.preview.word', message: 'Word' })}
          hint={i18n._({ id: 'synonyms.preview.hint', message: 'Searches the listings with the synonyms as saved.' })}
        >
          {(control) => (
            <Input type="search" autoComplete="off" {...control} value={word} onChange={(e) => setWord(e.target.value)} />
          )}
        </Field>
        <Button type="submit" variant="secondary" isLoading={busy} className="sm:self-start">
          {i18n._({ id: 'synonyms.preview.run', message: 'Show what it finds' })}
        </Button>
      </form>
      <FormError error={failure} />
      {result && (
        <div role="status" className="flex flex-col gap-2">
          <p className="font-medium text-stone-800">
            {i18n._({
              id: 'synonyms.preview.found',
              message:
                '{total, plural, =0 {“{word}” finds no listings.} one {“{word}” finds # listing:} other {“{word}” finds # listings:}}',
              values: { total: result.found.total, word: result.word },
            })}
          </p>
          {result.found.items.length > 0 && (
            <ul className="list-disc ps-6 text-stone-700">
              {result.found.items.map((product) => (
                <li key={product.id}>{product.product}</li>
              ))}
            </ul>
          )}
          {result.found.suggestion && (
            <p className="text-sm text-stone-600">
              {i18n._({
                id: 'synonyms.preview.suggestion',
                message: 'Did you mean “{suggestion}”?',
                values: { suggestion: result.found.suggestion },
              })}
            </p>
          )}
        </div>
      )}
    </section>
  )
}
