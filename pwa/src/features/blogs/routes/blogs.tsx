import { PageHeader } from '@/components/page-header'
import { BlogEntry } from '../components/blog-entry'
import { blogPosts } from '../components/blog-posts'

export function BlogsRoute() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageHeader title="Blogs" description="Questions web developers often ask, answered by the Rehome team." />
      <nav aria-label="Questions" className="mb-8">
        <ol className="flex list-decimal flex-col gap-2 pl-6">
          {blogPosts.map((post) => (
            <li key={post.id}>
              <a href={`#${post.id}`}>{post.question}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="flex flex-col gap-8">
        {blogPosts.map((post) => (
          <BlogEntry key={post.id} id={post.id} question={post.question}>
            {post.answer}
          </BlogEntry>
        ))}
      </div>
    </div>
  )
}
