import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { site as newSite, type Site } from '@/testing/fixtures'
import { apiError, json, mockApi } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'

const site: Site = {
  ...newSite,
  name: 'Riverside Swap',
  tagline: 'Furniture from the river side',
  about: 'Run by the [residents](https://residents.example).',
  rules: '- No weapons\n- Be on time',
  privacy: '## What we keep\n\nYour name.',
  terms: 'Play fair.',
  contact_email: 'admins@riverside.example',
}

function visitor(answer: Site = site) {
  return mockApi({ 'GET /api/auth/me': () => apiError(401, 'Sign in first'), 'GET /api/site': () => json(answer) })
}

describe("the community's pages", () => {
  it('About: the text, the rules and a mail link to the admins, for a visitor', async () => {
    visitor()
    await renderApp('/about')
    expect(await screen.findByRole('heading', { level: 1, name: 'About Riverside Swap' })).toBeInTheDocument()
    const main = screen.getByRole('main')
    expect(within(main).getByText('Furniture from the river side')).toBeInTheDocument()
    expect(within(main).getByRole('link', { name: 'residents' })).toHaveAttribute('rel', 'nofollow ugc')
    expect(within(main).getByRole('heading', { level: 2, name: 'Rules' })).toHaveAttribute('id', 'rules')
    expect(within(main).getByText('No weapons')).toBeInTheDocument()
    expect(within(main).getByRole('link', { name: 'Contact an admin' })).toHaveAttribute(
      'href',
      'mailto:admins@riverside.example',
    )
    await waitFor(() => expect(document.title).toBe('About Riverside Swap · Riverside Swap'))
  })

  it('About without a contact address says there is none', async () => {
    visitor({ ...site, contact_email: '' })
    await renderApp('/about')
    expect(await screen.findByText('This marketplace has not published an address for its admins yet.')).toBeInTheDocument()
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Contact an admin' })).not.toBeInTheDocument()
  })

  it('Privacy and Terms show their texts', async () => {
    visitor()
    const { router } = await renderApp('/privacy')
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'What we keep' })).toBeInTheDocument()
    await router.navigate('/terms')
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms' })).toBeInTheDocument()
    expect(screen.getByText('Play fair.')).toBeInTheDocument()
  })

  it('says a text is not written yet rather than showing nothing', async () => {
    visitor({ ...site, terms: '' })
    await renderApp('/terms')
    expect(await screen.findByText('Nothing here yet.')).toBeInTheDocument()
  })
})
