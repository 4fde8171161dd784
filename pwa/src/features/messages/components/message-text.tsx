import { Fragment } from 'react'

const link = /\bhttps?:\/\/[^\s<>"]+/gi
// Punctuation that ends a sentence, not the address: "see https://x.org/a."
const trailing = /[.,!?;:'")\]]+$/

/** Text and http(s) addresses, in order. */
export function textParts(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = []
  let at = 0
  for (const match of text.matchAll(link)) {
    const address = match[0].replace(trailing, '')
    const start = match.index
    if (start > at) parts.push({ text: text.slice(at, start) })
    parts.push({ text: address, href: address })
    at = start + address.length
  }
  if (at < text.length) parts.push({ text: text.slice(at) })
  return parts
}

/**
 * A message as the person wrote it: plain text, line breaks kept, and
 * http(s) addresses made into links that open apart. Nothing else is
 * interpreted (no HTML, no Markdown).
 */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">
      {textParts(text).map((part, i) =>
        part.href ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer" className="break-all underline">
            {part.text}
          </a>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </p>
  )
}
