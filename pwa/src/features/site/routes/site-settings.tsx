import type { I18n } from '@lingui/core'
import { Trans } from '@lingui/react'
import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { Link } from 'react-router-dom'
import { Button } from '@/components/button'
import { QueryErrorState } from '@/components/error-state'
import { Checkbox, Field, Input, Select } from '@/components/field'
import { FormError } from '@/components/form-error'
import { OfflineReason, OfflineState } from '@/components/offline-state'
import { PageHeader } from '@/components/page-header'
import { PageSpinner } from '@/components/spinner'
import { useOnline } from '@/lib/connectivity'
import { required } from '@/lib/form'
import { useI18n } from '@/lib/i18n'
import { localeNames, locales } from '@/lib/locale'
import { paths } from '@/lib/paths'
import { useFormSubmission } from '@/lib/server-field-errors'
import { siteQueryOptions } from '@/lib/site'
import type { Site } from '@/lib/types'
import { useUpdateSite } from '../api/update-site'
import { MarkdownField } from '../components/markdown-field'

// The server checks the lengths (app/site.go) and names the fields it refuses.
const fieldNames = [
  'name',
  'tagline',
  'about',
  'rules',
  'privacy',
  'terms',
  'contact_email',
  'public_listings',
  'language',
] as const

const texts = (i18n: I18n) =>
  [
    { name: 'about', label: i18n._({ id: 'site.settings.about', message: 'About' }) },
    { name: 'rules', label: i18n._({ id: 'site.about.rules', message: 'Rules' }) },
    { name: 'privacy', label: i18n._({ id: 'site.privacy.title', message: 'Privacy' }) },
    { name: 'terms', label: i18n._({ id: 'site.terms.title', message: 'Terms' }) },
  ] as const

export function SiteSettingsRoute() {
  const i18n = useI18n()
  const query = useQuery(siteQueryOptions())
  let body
  if (query.data) body = <SiteSettingsForm site={query.data} />
  else if (query.fetchStatus === 'paused') {
    body = <OfflineState what={i18n._({ id: 'site.settings.offlineWhat', message: "The site's settings" })} />
  } else if (query.isError) {
    body = (
      <QueryErrorState
        title={i18n._({ id: 'site.settings.error', message: "Could not load the site's settings" })}
        query={query}
      />
    )
  } else body = <PageSpinner />
  return (
    <>
      <PageHeader
        title={i18n._({ id: 'site.settings.title', message: 'Site settings' })}
        description={i18n._({
          id: 'site.settings.description',
          message: "The marketplace's name and its own words: what everyone sees in the header, the footer and on its pages.",
        })}
      />
      {body}
    </>
  )
}

function SiteSettingsForm({ site }: { site: Site }) {
  const i18n = useI18n()
  const online = useOnline()
  const update = useUpdateSite()
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Site>({ defaultValues: site })
  const submission = useFormSubmission(setError, fieldNames)
  const languageChosen = useRef(false)
  const language = register('language')

  const onSubmit = handleSubmit(async (values) => {
    // Settings kept on the device from before the server told its language: leave it as it is, unless chosen.
    if (site.language === undefined && !languageChosen.current) delete values.language
    let saved: Site | undefined
    if (!(await submission.send(async () => (saved = await update.mutateAsync(values))))) return
    toast.success(i18n._({ id: 'site.settings.saved', message: 'Site settings saved' }))
    if (saved) reset(saved)
  })

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-6xl flex-col gap-8">
      <section aria-labelledby="site-identity" className="flex max-w-xl flex-col gap-5">
        <h2 id="site-identity" className="text-xl font-semibold">
          {i18n._({ id: 'site.settings.identity', message: 'Name and contact' })}
        </h2>
        <Field
          label={i18n._({ id: 'site.settings.name', message: 'Name' })}
          error={errors.name?.message}
          hint={i18n._({ id: 'site.settings.name.hint', message: "In the header, the tab's title and every mail." })}
        >
          {(control) => <Input autoComplete="off" {...control} {...register('name', required)} />}
        </Field>
        <Field
          label={i18n._({ id: 'site.settings.tagline', message: 'Tagline' })}
          error={errors.tagline?.message}
          hint={i18n._({ id: 'site.settings.tagline.hint', message: 'One line under the name. Optional.' })}
        >
          {(control) => <Input autoComplete="off" {...control} {...register('tagline')} />}
        </Field>
        <Field
          label={i18n._({ id: 'site.settings.contactEmail', message: 'Contact email' })}
          error={errors.contact_email?.message}
          hint={i18n._({
            id: 'site.settings.contactEmail.hint',
            message: 'Where "Contact an admin" writes to, for everyone to see. Leave it empty to publish no address.',
          })}
        >
          {(control) => <Input type="email" autoComplete="off" {...control} {...register('contact_email')} />}
        </Field>
      </section>

      <section aria-labelledby="site-visitors" className="flex max-w-xl flex-col gap-2">
        <h2 id="site-visitors" className="text-xl font-semibold">
          {i18n._({ id: 'site.settings.visitors', message: 'Visitors' })}
        </h2>
        <Checkbox
          label={i18n._({ id: 'site.settings.publicListings', message: 'Let visitors browse the listings without an account' })}
          aria-describedby="public-listings-hint"
          {...register('public_listings')}
        />
        <p id="public-listings-hint" className="text-sm text-stone-600">
          {i18n._({
            id: 'site.settings.publicListings.hint',
            message:
              "When ticked, anyone may see the categories, listings, search and sellers' pages without signing in; booking, messaging, paying and reporting still ask them to log in, and nobody's email or phone is shown to them. When not ticked, only members see the listings.",
          })}
        </p>
      </section>

      <section aria-labelledby="site-language" className="flex max-w-xl flex-col gap-2">
        <h2 id="site-language" className="text-xl font-semibold">
          {i18n._({ id: 'site.settings.languageSection', message: 'Language' })}
        </h2>
        <Field
          label={i18n._({ id: 'site.settings.language', message: "The marketplace's language" })}
          error={errors.language?.message}
          hint={i18n._({
            id: 'site.settings.language.hint',
            message:
              'Shown to visitors who chose no language and whose browser speaks none of these. Search finds listings by the words of this language: saving another one rebuilds the search index, which takes a moment on a large marketplace.',
          })}
        >
          {(control) => (
            <Select
              {...control}
              {...language}
              onChange={(event) => {
                languageChosen.current = true
                return language.onChange(event)
              }}
            >
              {locales.map((locale) => (
                <option key={locale} value={locale} lang={locale}>
                  {localeNames[locale]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {site.language !== undefined && watch('language') !== site.language && (
          <p className="text-sm font-medium text-amber-800">
            {i18n._({
              id: 'site.settings.language.rebuild',
              message: 'Saving rebuilds the search index in {language}; searches give the new results once it is saved.',
              values: { language: localeNames[watch('language') ?? 'en'] },
            })}
          </p>
        )}
      </section>

      <section aria-labelledby="site-texts" className="flex flex-col gap-8">
        <div>
          <h2 id="site-texts" className="text-xl font-semibold">
            {i18n._({ id: 'site.settings.pages', message: 'Pages' })}
          </h2>
          <p className="mt-1 text-stone-600">
            <Trans
              id="site.settings.pages.where"
              message="Shown on <0>About</0>, <1>Privacy</1> and <2>Terms</2>; the rules follow the About text there."
              components={{ 0: <Link to={paths.about} />, 1: <Link to={paths.privacy} />, 2: <Link to={paths.terms} /> }}
            />
          </p>
          <p className="mt-1 text-sm text-stone-600">
            <Trans
              id="site.settings.markdownHelp"
              message="Written in Markdown: a blank line between paragraphs, <0>**bold**</0>, <1>*italic*</1>, <2>- </2>at the start of each line of a list, <3>## </3>before a heading, <4>[words](https://…)</4> for a link."
              components={{ 0: <code />, 1: <code />, 2: <code />, 3: <code />, 4: <code /> }}
            />
          </p>
        </div>
        {texts(i18n).map((text) => (
          <MarkdownField
            key={text.name}
            label={text.label}
            value={watch(text.name) ?? ''}
            error={errors[text.name]?.message}
            textarea={register(text.name)}
          />
        ))}
      </section>

      <FormError error={submission.error} />
      <OfflineReason action={i18n._({ id: 'site.settings.offlineAction', message: "saving the site's settings" })} />
      <Button type="submit" disabled={!online} isLoading={isSubmitting} className="sm:self-start">
        {i18n._({ id: 'site.settings.save', message: 'Save settings' })}
      </Button>
    </form>
  )
}
