import { Trans } from '@lingui/react'
import { formatDate as formatDay } from '@/lib/format'
import type { Post } from '@/lib/types'

/** When a post was published and by whom, and when it was last edited if that was on another day. */
export function PostByline({ post, showUpdated = false }: { post: Post; showUpdated?: boolean }) {
  const edited = showUpdated && formatDay(post.updated) !== formatDay(post.created)
  return (
    <p className="text-sm text-stone-600">
      <time dateTime={post.created}>{formatDay(post.created)}</time>
      {' · '}
      {post.author.name}
      {edited && (
        <>
          {' · '}
          <Trans
            id="blogs.byline.updated"
            message="updated <0>{date}</0>"
            values={{ date: formatDay(post.updated) }}
            components={{ 0: <time dateTime={post.updated} /> }}
          />
        </>
      )}
    </p>
  )
}
