import { useId } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@/lib/paths'
import type { Post } from '@/lib/types'
import { excerptOf } from './excerpt'
import { PostByline } from './post-byline'

/** A post in the list: its title links to it, then the byline and its first words. */
export function PostCard({ post }: { post: Post }) {
  const titleId = useId()
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id={titleId} className="text-xl font-semibold">
        <Link to={paths.post(post.slug)} className="text-stone-900 hover:text-teal-800 hover:underline">
          {post.title}
        </Link>
      </h2>
      <div className="mt-1">
        <PostByline post={post} />
      </div>
      <p className="mt-3 text-stone-700">{excerptOf(post.body)}</p>
    </article>
  )
}
