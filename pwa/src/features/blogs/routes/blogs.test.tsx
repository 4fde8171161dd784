import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { BlogsRoute } from './blogs'

describe('Blogs', () => {
  it('shows the four questions as articles with their own headings', () => {
    mockApi({})
    renderRoutes([{ path: '/blogs', element: <BlogsRoute /> }], '/blogs')
    expect(screen.getByRole('heading', { level: 1, name: 'Blogs' })).toBeInTheDocument()
    const questions = [
      'What are the different ways to manage a state in a React application?',
      'How does prototypical inheritance work?',
      'What is a unit test? Why should we write unit tests?',
      'React vs. Angular vs. Vue?',
    ]
    const articles = screen.getAllByRole('article')
    expect(articles.map((article) => within(article).getByRole('heading', { level: 2 }).textContent)).toEqual(questions)
    for (const article of articles) expect(article).toHaveAccessibleName()
    const contents = within(screen.getByRole('navigation', { name: 'Questions' })).getAllByRole('link')
    expect(contents.map((link) => link.textContent)).toEqual(questions)
  })
})
