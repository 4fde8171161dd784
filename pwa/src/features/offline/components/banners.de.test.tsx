import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { reportUnreachable } from '@/lib/connectivity'
import { setLanguage } from '@/lib/i18n'
import { OfflineStoreProvider } from '@/lib/offline/use-offline-store'
import { createTestOfflineStore } from '@/testing/render'
import { OfflineBanner } from './offline-banner'
import { UpdateBanner } from './update-banner'

describe('the offline and update banners in German', () => {
  it('say so in German', async () => {
    await setLanguage('de')
    render(
      <OfflineStoreProvider store={createTestOfflineStore()}>
        <OfflineBanner />
        <UpdateBanner onReload={() => {}} onDismiss={() => {}} />
      </OfflineStoreProvider>,
    )
    act(() => reportUnreachable())
    expect(screen.getByText('Offline – auf diesem Gerät ist noch nichts gespeichert')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Update' })).toHaveTextContent('Eine neue Version ist verfügbar')
    expect(screen.getByRole('button', { name: 'Später' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeInTheDocument()
  })
})
