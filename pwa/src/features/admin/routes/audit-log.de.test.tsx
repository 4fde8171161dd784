import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '@/lib/i18n'
import type { AuditEntry } from '@/testing/fixtures'
import { admin, list } from '@/testing/fixtures'
import { json, mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { AuditLogRoute } from './audit-log'

const routes = [{ path: '/dashboard/audit', element: <AuditLogRoute /> }]

function makeEntry(overrides: Partial<AuditEntry>): AuditEntry {
  return {
    id: 1,
    time: '2026-11-25T09:30:00Z',
    actor_id: admin.id,
    actor_name: admin.name,
    actor_email: admin.email,
    action: 'create_category',
    target_type: 'category',
    target_id: 7,
    target: 'Sofas',
    ...overrides,
  }
}

describe('Audit log in German', () => {
  it('says the words the server writes around a suspension and the synonym groups in German', async () => {
    mockApi({
      'GET /api/audit': () =>
        json(
          list([
            makeEntry({ id: 3, action: 'update_synonyms', target_type: 'site', target_id: 0, target: '2 groups' }),
            makeEntry({ id: 2, action: 'update_synonyms', target_type: 'site', target_id: 0, target: '1 groups' }),
            makeEntry({
              id: 1,
              action: 'suspend_user',
              target_type: 'user',
              target: 'Cleo Clément <cleo@example.com> for 30 days: Falsche Meldungen for days',
            }),
          ]),
        ),
    })
    await setLanguage('de')
    renderRoutes(routes, '/dashboard/audit')
    const table = await screen.findByRole('table')
    expect(within(table).getByText('Cleo Clément <cleo@example.com> für 30 Tage: Falsche Meldungen for days')).toBeInTheDocument()
    expect(within(table).getByText('2 Gruppen')).toBeInTheDocument()
    expect(within(table).getByText('1 Gruppe')).toBeInTheDocument()
  })
})
