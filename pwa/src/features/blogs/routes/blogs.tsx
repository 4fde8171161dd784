import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { buttonClasses } from '@/components/button'
import { EmptyState } from '@/components/empty-state'
import { LoadMore } from '@/components/load-more'
import { QueryErrorState } from '@/components/error-state'
import { OfflineState } from '@/components/offline-state'
import { PageHeader } from '@/components/page-header'
import { CardSkeletonList } from '@/components/skeleton'
import { isAdmin, useUser } from '@/lib/auth'
import { useI18n } from '@/lib/i18n'
import { paths } from '@/lib/paths'
import { useSite } from '@/lib/site'
import { usePosts } from '../api/get-posts'
import { PostCard } from '../components/post-card'

/** Blogs: the community's posts, newest first, for everyone; admins write them. */
export function BlogsRoute() {
  const i18n = useI18n()
  const { site } = useSite()
  const { user } = useUser()
  const admin = isAdmin(user)
  const newPost = admin ? (
    <Link to={paths.newPost} className={buttonClasses()}>
      {i18n._({ id: 'blogs.newPost', message: 'New post' })}
    </Link>
  ) : undefined
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageHeader
        title={i18n._({ id: 'nav.blogs', message: 'Blogs' })}
        description={i18n._({
          id: 'blogs.description',
          message: 'News, tips and events from {siteName}.',
          values: { siteName: site.name },
        })}
        actions={newPost}
      />
      <PostList emptyAction={newPost} />
    </div>
  )
}

function PostList({ emptyAction }: { emptyAction?: ReactNode }) {
  const i18n = useI18n()
  const posts = usePosts()
  const { query, items } = posts
  if (query.isPending && query.fetchStatus === 'paused') {
    return <OfflineState what={i18n._({ id: 'nav.blogs', message: 'Blogs' })} />
  }
  if (query.isPending) {
    return (
      <CardSkeletonList
        count={3}
        label={i18n._({ id: 'blogs.loading', message: 'Loading posts…' })}
        className="flex flex-col gap-4"
      />
    )
  }
  if (query.isError && !query.data) {
    return <QueryErrorState title={i18n._({ id: 'blogs.error', message: 'Could not load the posts' })} query={query} />
  }
  if (items.length === 0) {
    return <EmptyState title={i18n._({ id: 'blogs.empty', message: 'No posts yet' })} action={emptyAction} />
  }
  return (
    <div className="flex flex-col gap-6">
      <ul className="flex flex-col gap-4">
        {items.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      <LoadMore list={posts} />
    </div>
  )
}
