import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { Link } from 'react-router-dom'
import { Button } from '@/components/button'
import { QueryErrorState } from '@/components/error-state'
import { Checkbox, Field, Input } from '@/components/field'
import { FormError } from '@/components/form-error'
import { OfflineReason, OfflineState } from '@/components/offline-state'
import { PageHeader } from '@/components/page-header'
import { PageSpinner } from '@/components/spinner'
import { useOnline } from '@/lib/connectivity'
import { required } from '@/lib/form'
import { paths } from '@/lib/paths'
import { useFormSubmission } from '@/lib/server-field-errors'
import { siteQueryOptions } from '@/lib/site'
import type { Site } from '@/lib/types'
import { useUpdateSite } from '../api/update-site'
import { MarkdownField } from '../components/markdown-field'

// The server checks the lengths (app/site.go) and names the fields it refuses.
const fieldNames = ['name', 'tagline', 'about', 'rules', 'privacy', 'terms', 'contact_email', 'public_listings'] as const

const texts = [
  { name: 'about', label: 'About' },
  { name: 'rules', label: 'Rules' },
  { name: 'privacy', label: 'Privacy' },
  { name: 'terms', label: 'Terms' },
] as const

export function SiteSettingsRoute() {
  const query = useQuery(siteQueryOptions())
  let body
  if (query.data) body = <SiteSettingsForm site={query.data} />
  else if (query.fetchStatus === 'paused') body = <OfflineState what="The site's settings" />
  else if (query.isError) body = <QueryErrorState title="Could not load the site's settings" query={query} />
  else body = <PageSpinner />
  return (
    <>
      <PageHeader
        title="Site settings"
        description="The marketplace's name and its own words: what everyone sees in the header, the footer and on its pages."
      />
      {body}
    </>
  )
}

function SiteSettingsForm({ site }: { site: Site }) {
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

  const onSubmit = handleSubmit(async (values) => {
    let saved: Site | undefined
    if (!(await submission.send(async () => (saved = await update.mutateAsync(values))))) return
    toast.success('Site settings saved')
    if (saved) reset(saved)
  })

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-6xl flex-col gap-8">
      <section aria-labelledby="site-identity" className="flex max-w-xl flex-col gap-5">
        <h2 id="site-identity" className="text-xl font-semibold">
          Name and contact
        </h2>
        <Field label="Name" error={errors.name?.message} hint="In the header, the tab's title and every mail.">
          {(control) => (
            <Input autoComplete="off" {...control} {...register('name', required)} />
          )}
        </Field>
        <Field label="Tagline" error={errors.tagline?.message} hint="One line under the name. Optional.">
          {(control) => <Input autoComplete="off" {...control} {...register('tagline')} />}
        </Field>
        <Field
          label="Contact email"
          error={errors.contact_email?.message}
          hint='Where "Contact an admin" writes to, for everyone to see. Leave it empty to publish no address.'
        >
          {(control) => <Input type="email" autoComplete="off" {...control} {...register('contact_email')} />}
        </Field>
      </section>

      <section aria-labelledby="site-visitors" className="flex max-w-xl flex-col gap-2">
        <h2 id="site-visitors" className="text-xl font-semibold">
          Visitors
        </h2>
        <Checkbox
          label="Let visitors browse the listings without an account"
          aria-describedby="public-listings-hint"
          {...register('public_listings')}
        />
        <p id="public-listings-hint" className="text-sm text-stone-600">
          When ticked, anyone may see the categories, listings, search and sellers' pages without signing in; booking,
          messaging, paying and reporting still ask them to log in, and nobody's email or phone is shown to them. When
          not ticked, only members see the listings.
        </p>
      </section>

      <section aria-labelledby="site-texts" className="flex flex-col gap-8">
        <div>
          <h2 id="site-texts" className="text-xl font-semibold">
            Pages
          </h2>
          <p className="mt-1 text-stone-600">
            Shown on <Link to={paths.about}>About</Link>, <Link to={paths.privacy}>Privacy</Link> and{' '}
            <Link to={paths.terms}>Terms</Link>; the rules follow the About text there.
          </p>
          <p className="mt-1 text-sm text-stone-600">
            Written in Markdown: a blank line between paragraphs, <code>**bold**</code>, <code>*italic*</code>,{' '}
            <code>- </code>at the start of each line of a list, <code>## </code>before a heading,{' '}
            <code>[words](https://…)</code> for a link.
          </p>
        </div>
        {texts.map((text) => (
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
      <OfflineReason action="saving the site's settings" />
      <Button type="submit" disabled={!online} isLoading={isSubmitting} className="sm:self-start">
        Save settings
      </Button>
    </form>
  )
}
