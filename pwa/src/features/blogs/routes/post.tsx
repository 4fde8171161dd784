import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import toast from 'react-hot-toast'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { Button, buttonClasses } from '@/components/button'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { EmptyState } from '@/components/empty-state'
import { QueryErrorState } from '@/components/error-state'
import { MarkdownText } from '@/components/markdown'
import { OfflineState } from '@/components/offline-state'
import { PageSpinner } from '@/components/spinner'
import { errorMessage, isApiError } from '@/lib/api'
import { isAdmin, useUser } from '@/lib/auth'
import { useOnline } from '@/lib/connectivity'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { postKeys } from '@/lib/query-keys'
import { useDocumentTitle } from '@/lib/use-document-title'
import type { Post } from '@/lib/types'
import { usePost } from '../api/get-post'
import { useDeletePost } from '../api/save-post'
import { PostByline } from '../components/post-byline'

/** One post, for everyone; admins may edit or delete it. */
export function PostRoute() {
  const i18n = useI18n()
  const { slug = '' } = useParams()
  const query = usePost(slug)
  const post = query.data
  const notFound = i18n._({ id: 'blogs.post.notFound', message: 'Post not found' })
  const blogs = i18n._({ id: 'nav.blogs', message: 'Blogs' })
  useDocumentTitle(isApiError(query.error, 404) ? notFound : (post?.title ?? blogs))

  // A post deleted since it was saved on this device is gone, not shown from the copy.
  const gone = isApiError(query.error, 404)
  let content
  if (post && !gone) content = <PostArticle post={post} />
  else if (query.isPending && query.fetchStatus === 'paused')
    content = <OfflineState what={i18n._({ id: 'blogs.post.offlineWhat', message: 'This post' })} />
  else if (query.isPending) content = <PageSpinner />
  else if (gone)
    content = (
      <>
        <h1 className="sr-only">{notFound}</h1>
        <EmptyState
          title={notFound}
          action={<Link to={paths.blogs}>{i18n._({ id: 'blogs.post.seeAll', message: 'See all posts' })}</Link>}
        >
          {i18n._({ id: 'blogs.post.notFound.why', message: 'It may have been deleted, or the link is mistyped.' })}
        </EmptyState>
      </>
    )
  else
    content = (
      <>
        <h1 className="sr-only">{blogs}</h1>
        <QueryErrorState title={i18n._({ id: 'blogs.post.error', message: 'Could not load this post' })} query={query} />
      </>
    )

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link to={paths.blogs} className="mb-6 inline-flex min-h-11 items-center font-medium text-teal-800">
        {i18n._({ id: 'blogs.post.back', message: '← All posts' })}
      </Link>
      {content}
    </div>
  )
}

function PostArticle({ post }: { post: Post }) {
  const i18n = useI18n()
  const { user } = useUser()
  const online = useOnline()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const remove = useDeletePost()
  const [asking, setAsking] = useState(false)
  const confirmDelete = () =>
    remove.mutate(post, {
      onSuccess: () => {
        toast.success(i18n._({ id: 'blogs.post.deleted', message: 'Post deleted' }))
        // Forgotten once this screen has gone: while it shows, its query would ask again and find nothing.
        void Promise.resolve(navigate(paths.blogs, { replace: true })).then(() =>
          queryClient.removeQueries({ queryKey: postKeys.detail(post.slug) }),
        )
      },
      onError: (error) => void toast.error(errorMessage(error)),
      onSettled: () => setAsking(false),
    })

  return (
    <article aria-labelledby="post-title">
      <header className="mb-6 flex flex-col gap-2">
        <h1 id="post-title" className="text-2xl font-bold sm:text-3xl">
          {post.title}
        </h1>
        <PostByline post={post} showUpdated />
        {isAdmin(user) && (
          <div className="mt-2 flex flex-wrap gap-3">
            <Link to={paths.editPost(post.slug)} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
              {i18n._({ id: 'blogs.post.edit', message: 'Edit' })}
            </Link>
            <Button variant="danger" size="sm" disabled={!online} onClick={() => setAsking(true)}>
              {i18n._({ id: 'blogs.post.delete', message: 'Delete' })}
            </Button>
          </div>
        )}
      </header>
      <MarkdownText text={post.body} />
      <ConfirmDialog
        open={asking}
        isPending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setAsking(false)}
        title={i18n._({ id: 'blogs.post.deleteConfirm', message: 'Delete this post?' })}
        message={i18n._({
          id: 'blogs.post.deleteConfirm.what',
          message: '“{title}” goes from Blogs for everyone, and its link stops working. This cannot be undone.',
          values: { title: post.title },
        })}
        confirmLabel={i18n._({ id: 'blogs.post.delete', message: 'Delete' })}
      />
    </article>
  )
}
