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
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { useFormSubmission } from '@/lib/server-field-errors'
import type { Post } from '@/lib/types'
import { usePost } from '../api/get-post'
import { useCreatePost, useEditPost, type PostInput } from '../api/save-post'

/** An admin writes a new post; once published, it opens at its address. */
export function NewPostRoute() {
  const i18n = useI18n()
  const create = useCreatePost()
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageHeader
        title={i18n._({ id: 'blogs.newPost', message: 'New post' })}
        description={i18n._({ id: 'blogs.editor.newDescription', message: 'Write for everyone who visits Blogs, in Markdown.' })}
      />
      <PostForm
        defaults={{ title: '', body: '' }}
        submitLabel={i18n._({ id: 'blogs.editor.publish', message: 'Publish' })}
        success={i18n._({ id: 'blogs.editor.published', message: 'Post published' })}
        cancelTo={paths.blogs}
        save={(input) => create.mutateAsync(input)}
      />
    </div>
  )
}

/** An admin changes a post's title or body; its address stays the same. */
export function EditPostRoute() {
  const i18n = useI18n()
  const { slug = '' } = useParams()
  const query = usePost(slug)
  const edit = useEditPost()
  const post = query.data
  let content
  if (post && !query.isPlaceholderData)
    content = (
      <PostForm
        defaults={{ title: post.title, body: post.body }}
        submitLabel={i18n._({ id: 'blogs.editor.saveChanges', message: 'Save changes' })}
        success={i18n._({ id: 'blogs.editor.saved', message: 'Post saved' })}
        cancelTo={paths.post(post.slug)}
        save={(input) => edit.mutateAsync({ id: post.id, ...input })}
      />
    )
  else if (query.isPending && query.fetchStatus === 'paused')
    content = <OfflineState what={i18n._({ id: 'blogs.post.offlineWhat', message: 'This post' })} />
  else if (query.isError && isApiError(query.error, 404))
    content = (
      <EmptyState
        title={i18n._({ id: 'blogs.post.notFound', message: 'Post not found' })}
        action={<Link to={paths.blogs}>{i18n._({ id: 'blogs.post.seeAll', message: 'See all posts' })}</Link>}
      />
    )
  else if (query.isError)
    content = <QueryErrorState title={i18n._({ id: 'blogs.post.error', message: 'Could not load this post' })} query={query} />
  else content = <PageSpinner />
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageHeader
        title={i18n._({ id: 'blogs.editor.editTitle', message: 'Edit post' })}
        description={i18n._({
          id: 'blogs.editor.editDescription',
          message: 'The post keeps its address, so links already shared still work.',
        })}
      />
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
  const i18n = useI18n()
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
    validate: {
      length: (value: string) =>
        [...value.trim()].length <= max ||
        i18n._({ id: 'blogs.editor.tooLong', message: 'Use at most {max} characters', values: { max } }),
    },
  })

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <Field label={i18n._({ id: 'blogs.editor.title', message: 'Title' })} error={errors.title?.message}>
        {(control) => <Input autoComplete="off" {...control} {...register('title', { ...required, ...limit(maxTitle) })} />}
      </Field>
      <div className="flex flex-col gap-2">
        <div role="group" aria-label={i18n._({ id: 'blogs.editor.mode', message: 'Write or preview' })} className="flex gap-2">
          <ModeButton pressed={!previewing} onClick={() => setPreviewing(false)}>
            {i18n._({ id: 'blogs.editor.write', message: 'Write' })}
          </ModeButton>
          <ModeButton pressed={previewing} onClick={() => setPreviewing(true)}>
            {i18n._({ id: 'blogs.editor.preview', message: 'Preview' })}
          </ModeButton>
        </div>
        <div hidden={previewing}>
          <Field
            label={i18n._({ id: 'blogs.editor.body', message: 'Body' })}
            error={errors.body?.message}
            hint={i18n._({
              id: 'blogs.editor.body.hint',
              message: 'Markdown: ## for a heading, - for a list item, **bold**, [a link](https://example.com).',
            })}
          >
            {(control) => <Textarea rows={14} {...control} {...register('body', { ...required, ...limit(maxBody) })} />}
          </Field>
        </div>
        {previewing && (
          <section
            aria-label={i18n._({ id: 'blogs.editor.preview', message: 'Preview' })}
            className="min-h-28 rounded-lg border border-stone-300 bg-white p-4"
          >
            {body.trim() ? (
              <MarkdownText text={body} />
            ) : (
              <p className="text-stone-600">
                {i18n._({ id: 'blogs.editor.nothingToPreview', message: 'Nothing to preview yet: write the body first.' })}
              </p>
            )}
          </section>
        )}
      </div>
      <FormError error={submission.error} />
      <OfflineReason action={i18n._({ id: 'blogs.editor.offlineAction', message: 'saving a post' })} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={cancelTo} className={buttonClasses({ variant: 'secondary' })}>
          {i18n._({ id: 'common.cancel', message: 'Cancel' })}
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
    <Button variant={pressed ? 'primary' : 'secondary'} size="sm" aria-pressed={pressed} onClick={onClick}>
      {children}
    </Button>
  )
}
