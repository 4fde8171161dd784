import { useState } from 'react'
import { useForm } from 'react-hook-form'
import toast from 'react-hot-toast'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { Button, buttonClasses } from '@/components/button'
import { EmptyState } from '@/components/empty-state'
import { QueryErrorState } from '@/components/error-state'
import { Field, Input, Textarea } from '@/components/field'
import { FormError } from '@/components/form-error'
import { MarkdownText } from '@/components/markdown'
import { OfflineReason, OfflineState } from '@/components/offline-state'
import { PageHeader } from '@/components/page-header'
import { PageSpinner } from '@/components/spinner'
import { isApiError } from '@/lib/api'
import { maxPostBodyLength as maxBody, maxPostTitleLength as maxTitle } from '@/lib/api/contract.gen'
import { useOnline } from '@/lib/connectivity'
import { required } from '@/lib/form'
import { paths } from '@/lib/paths'
import { useFormSubmission } from '@/lib/server-field-errors'
import type { Post } from '@/lib/types'
import { usePost } from '../api/get-post'
import { useCreatePost, useEditPost, type PostInput } from '../api/save-post'


/** An admin writes a new post; once published, it opens at its address. */
export function NewPostRoute() {
  const create = useCreatePost()
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageHeader title="New post" description="Write for everyone who visits Blogs, in Markdown." />
      <PostForm
        defaults={{ title: '', body: '' }}
        submitLabel="Publish"
        success="Post published"
        cancelTo={paths.blogs}
        save={(input) => create.mutateAsync(input)}
      />
    </div>
  )
}

/** An admin changes a post's title or body; its address stays the same. */
export function EditPostRoute() {
  const { slug = '' } = useParams()
  const query = usePost(slug)
  const edit = useEditPost()
  const post = query.data
  let content
  if (post && !query.isPlaceholderData)
    content = (
      <PostForm
        defaults={{ title: post.title, body: post.body }}
        submitLabel="Save changes"
        success="Post saved"
        cancelTo={paths.post(post.slug)}
        save={(input) => edit.mutateAsync({ id: post.id, ...input })}
      />
    )
  else if (query.isPending && query.fetchStatus === 'paused') content = <OfflineState what="This post" />
  else if (query.isError && isApiError(query.error, 404))
    content = <EmptyState title="Post not found" action={<Link to={paths.blogs}>See all posts</Link>} />
  else if (query.isError) content = <QueryErrorState title="Could not load this post" query={query} />
  else content = <PageSpinner />
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageHeader title="Edit post" description="The post keeps its address, so links already shared still work." />
      {content}
    </div>
  )
}

interface PostFormProps {
  defaults: PostInput
  submitLabel: string
  success: string
  cancelTo: string
  save: (input: PostInput) => Promise<Post>
}

function PostForm({ defaults, submitLabel, success, cancelTo, save }: PostFormProps) {
  const online = useOnline()
  const navigate = useNavigate()
  const [previewing, setPreviewing] = useState(false)
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PostInput>({ defaultValues: defaults })
  const submission = useFormSubmission(setError, ['title', 'body'])
  const body = watch('body')

  const onSubmit = handleSubmit(
    async ({ title, body }) => {
      let saved: Post | undefined
      const sent = await submission.send(async () => {
        saved = await save({ title: title.trim(), body })
      })
      if (!sent || !saved) {
        // A message under the body must be seen.
        setPreviewing(false)
        return
      }
      toast.success(success)
      await navigate(paths.post(saved.slug))
    },
    () => setPreviewing(false),
  )

  // Counted as the server counts: characters, not UTF-16 units (an emoji is one).
  const limit = (max: number) => ({
    validate: { length: (value: string) => [...value.trim()].length <= max || `Use at most ${max} characters` },
  })

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <Field label="Title" error={errors.title?.message}>
        {(control) => (
          <Input autoComplete="off" {...control} {...register('title', { ...required, ...limit(maxTitle) })} />
        )}
      </Field>
      <div className="flex flex-col gap-2">
        <div role="group" aria-label="Write or preview" className="flex gap-2">
          <ModeButton pressed={!previewing} onClick={() => setPreviewing(false)}>
            Write
          </ModeButton>
          <ModeButton pressed={previewing} onClick={() => setPreviewing(true)}>
            Preview
          </ModeButton>
        </div>
        <div hidden={previewing}>
          <Field
            label="Body"
            error={errors.body?.message}
            hint="Markdown: ## for a heading, - for a list item, **bold**, [a link](https://example.com)."
          >
            {(control) => (
              <Textarea rows={14} {...control} {...register('body', { ...required, ...limit(maxBody) })} />
            )}
          </Field>
        </div>
        {previewing && (
          <section aria-label="Preview" className="min-h-28 rounded-lg border border-stone-300 bg-white p-4">
            {body.trim() ? (
              <MarkdownText text={body} />
            ) : (
              <p className="text-stone-600">Nothing to preview yet: write the body first.</p>
            )}
          </section>
        )}
      </div>
      <FormError error={submission.error} />
      <OfflineReason action="saving a post" />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={cancelTo} className={buttonClasses({ variant: 'secondary' })}>
          Cancel
        </Link>
        <Button type="submit" disabled={!online} isLoading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}

function ModeButton({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: string }) {
  return (
    <Button
      variant={pressed ? 'primary' : 'secondary'}
      size="sm"
      aria-pressed={pressed}
      onClick={onClick}
    >
      {children}
    </Button>
  )
}
