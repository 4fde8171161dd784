// The list shows the start of each post as plain text: the Markdown's marks
// would read as noise there, and its headings and list items, run together,
// as stray words. So the post's prose paragraphs are used, when it has any.

const notProse = /^\s{0,3}(#{1,6}\s|[-*+]\s|\d+[.)]\s|>|```|~~~|\|)/

/** The first words of a Markdown text as plain text, cut at a word near `max` characters. */
export function excerptOf(markdown: string, max = 200): string {
  const paragraphs = markdown.split(/\n\s*\n/).filter((p) => p.trim() !== '')
  const prose = paragraphs.filter((p) => !notProse.test(p))
  const text = (prose.length > 0 ? prose : paragraphs)
    .join(' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/(\*\*|__|\*|_|`|~~)/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`
}
