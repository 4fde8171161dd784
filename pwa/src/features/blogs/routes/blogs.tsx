import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { Button, buttonClasses } from '@/components/button'
import { EmptyState } from '@/components/empty-state'
import { QueryErrorState } from '@/components/error-state'
import { OfflineState } from '@/components/offline-state'
import { PageHeader } from '@/components/page-header'
import { CardSkeletonList } from '@/components/skeleton'
import { errorMessage } from '@/lib/api'
import { isAdmin, useUser } from '@/lib/auth'
import { paths } from '@/lib/paths'
import { useSite } from '@/lib/site'
import { usePosts } from '../api/get-posts'
import { PostCard } from '../components/post-card'

/** Blogs: the community's posts, newest first, for everyone; admins write them. */
export function BlogsRoute() {
  const { site } = useSite()
  const { user } = useUser()
  const admin = isAdmin(user)
  const newPost = admin ? (
    <Link to={paths.newPost} className={buttonClasses()}>
      New post
    </Link>
  ) : undefined
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageHeader title="Blogs" description={`News, tips and events from ${site.name}.`} actions={newPost} />
      <PostList emptyAction={newPost} />
    </div>
  )
}

function PostList({ emptyAction }: { emptyAction?: ReactNode }) {
  const { query, items, total } = usePosts()
  if (query.isPending && query.fetchStatus === 'paused') return <OfflineState what="Blogs" />
  if (query.isPending) return <CardSkeletonList count={3} label="Loading posts…" className="flex flex-col gap-4" />
  if (query.isError && !query.data) return <QueryErrorState title="Could not load the posts" query={query} />
  if (items.length === 0) return <EmptyState title="No posts yet" action={emptyAction} />
  return (
    <div className="flex flex-col gap-6">
      <ul className="flex flex-col gap-4">
        {items.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      <div className="flex flex-col items-center gap-3">
        <p className="text-sm text-stone-600" aria-live="polite">
          {(query.hasNextPage || query.data.pages.length > 1) && `Showing ${items.length} of ${total}`}
        </p>
        {query.isFetchNextPageError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            Could not load more: {errorMessage(query.error)}
          </p>
        )}
        {query.hasNextPage && (
          <Button variant="secondary" onClick={() => void query.fetchNextPage()} isLoading={query.isFetchingNextPage}>
            Load more
          </Button>
        )}
      </div>
    </div>
  )
}
