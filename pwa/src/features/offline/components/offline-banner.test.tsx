import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { reportReached, reportUnreachable } from '@/lib/connectivity'
import { OfflineStoreProvider } from '@/lib/offline/use-offline-store'
import { createTestOfflineStore } from '@/testing/render'
import { OfflineBanner } from './offline-banner'

describe('OfflineBanner', () => {
  it('shows only while the server cannot be reached', () => {
    render(
      <OfflineStoreProvider store={createTestOfflineStore()}>
        <OfflineBanner />
      </OfflineStoreProvider>,
    )
    expect(screen.queryByText(/^Offline/)).not.toBeInTheDocument()
    act(() => reportUnreachable())
    expect(screen.getByRole('status')).toHaveTextContent('Offline — nothing is saved on this device yet')
    act(() => reportReached())
    expect(screen.queryByText(/^Offline/)).not.toBeInTheDocument()
  })
})
