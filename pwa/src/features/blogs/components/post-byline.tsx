import type { Post } from '@/lib/types'

let dateFormat: Intl.DateTimeFormat | undefined

/** "Nov 25, 2026" in the viewer's locale. */
function formatDay(time: string): string {
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
  return dateFormat.format(new Date(time))
}

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
          {' · updated '}
          <time dateTime={post.updated}>{formatDay(post.updated)}</time>
        </>
      )}
    </p>
  )
}
