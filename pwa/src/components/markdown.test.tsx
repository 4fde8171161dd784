import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MarkdownText } from './markdown'

describe('MarkdownText', () => {
  it('renders Markdown, with links marked as the community’s', () => {
    render(<MarkdownText text={'## Our rules\n\n- Be kind\n\nSee [the town hall](https://town.example/hall).'} />)
    expect(screen.getByRole('heading', { name: 'Our rules' })).toBeInTheDocument()
    expect(screen.getByRole('listitem')).toHaveTextContent('Be kind')
    const link = screen.getByRole('link', { name: 'the town hall' })
    expect(link).toHaveAttribute('href', 'https://town.example/hall')
    expect(link).toHaveAttribute('rel', 'nofollow ugc')
  })

  it('never renders raw HTML or script links', () => {
    const { container } = render(
      <MarkdownText
        text={'<script>alert(1)</script><b onclick="x()">bold</b>\n\n[click](javascript:alert(1)) ![x](https://e.example/p.png)'}
      />,
    )
    expect(container.querySelector('script, b, img')).toBeNull()
    expect(screen.getByText('click').closest('a')?.getAttribute('href') ?? '').toBe('')
  })
})
