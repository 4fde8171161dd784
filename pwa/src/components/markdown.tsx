// Community texts (the About page, rules, posts) are Markdown written by
// admins. react-markdown builds React elements from it and, left as it is here,
// never renders raw HTML, so a text cannot carry a script or a style. Links
// leave with rel="nofollow ugc" (they are the community's, not ours to vouch
// for), and only web, mail and phone links are kept.
import Markdown, { defaultUrlTransform, type Components } from 'react-markdown'
import { cn } from '@/lib/cn'

const components: Components = {
  a: ({ node: _node, href, children, ...rest }) => {
    const external = !!href && /^https?:/i.test(href)
    return (
      <a {...rest} href={href} rel="nofollow ugc" {...(external ? { target: '_blank' } : {})}>
        {children}
      </a>
    )
  },
  // Headings inside a text sit under the page's own h1.
  h1: ({ node: _node, ...rest }) => <h2 {...rest} />,
  img: ({ node: _node, alt }) => <span>{alt}</span>,
}

function safeUrl(url: string): string {
  const kept = defaultUrlTransform(url)
  return /^(https?:|mailto:|tel:|\/|#)/i.test(kept) ? kept : ''
}

/** Renders an admin's Markdown text as the prose of a page. */
export function MarkdownText({ text, className }: { text: string; className?: string }) {
  return (
    <div
      className={cn(
        'max-w-prose space-y-4 text-stone-800 [&_a]:text-teal-800 [&_a]:underline [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6 [&_blockquote]:border-s-4 [&_blockquote]:border-stone-300 [&_blockquote]:ps-4',
        className,
      )}
    >
      <Markdown components={components} urlTransform={safeUrl} skipHtml>
        {text}
      </Markdown>
    </div>
  )
}
