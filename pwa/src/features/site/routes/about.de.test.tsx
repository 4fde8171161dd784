import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import { site as newSite, type Site } from '@/testing/fixtures'
import { json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { AboutRoute } from './about'
import { TermsRoute } from './terms'

const site: Site = {
  ...newSite,
  name: 'Riverside Swap',
  about: 'Von den Leuten am Fluss.',
  rules: '- Pünktlich sein',
  terms: '',
  contact_email: 'admins@riverside.example',
}

const routes = [
  { path: '/about', element: <AboutRoute /> },
  { path: '/terms', element: <TermsRoute /> },
]

describe("the community's pages in German", () => {
  it('About: the heading, rules and contact in German; the community’s own text as written', async () => {
    mockApi({ 'GET /api/site': () => json(site) })
    await setLanguage('de')
    renderRoutes(routes, '/about')
    expect(await screen.findByRole('heading', { level: 1, name: 'Über Riverside Swap' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Regeln' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Kontakt' })).toBeInTheDocument()
    const contact = screen.getByRole('link', { name: 'Admin kontaktieren' })
    expect(contact).toHaveAttribute('href', 'mailto:admins@riverside.example')
    expect(contact.parentElement).toHaveTextContent('Admin kontaktieren unter admins@riverside.example.')
    expect(screen.getByText('Von den Leuten am Fluss.')).toBeInTheDocument()
    expect(screen.queryByText('Rules')).not.toBeInTheDocument()
  })

  it('a page the admins have not written yet says so in German', async () => {
    mockApi({ 'GET /api/site': () => json(site) })
    await setLanguage('de')
    renderRoutes(routes, '/terms')
    const main = await screen.findByRole('heading', { level: 1, name: 'Nutzungsbedingungen' })
    expect(main).toBeInTheDocument()
    expect(within(document.body).getByText('Hier steht noch nichts.')).toBeInTheDocument()
  })
})
