import { I18nProvider } from '@lingui/react'
import { render as renderAlone, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement, ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { i18n, setLanguage } from '@/lib/i18n'
import { ConfirmDialog } from './confirm-dialog'
import { Dialog } from './dialog'
import { ErrorState } from './error-state'
import { Gallery } from './gallery'
import { OfflineState } from './offline-state'
import { RatingSummary } from './stars'

/** As in the app: under Lingui's provider, which <Trans> needs. */
const render = (ui: ReactElement) =>
  renderAlone(ui, { wrapper: ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider> })

describe('shared components in German', () => {
  it('a confirm dialog says Abbrechen and Bestätigen unless told otherwise', async () => {
    await setLanguage('de')
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    const user = userEvent.setup()
    render(<ConfirmDialog open title="Diesen Beitrag löschen?" onConfirm={onConfirm} onCancel={onCancel} />)
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }))
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }))
    expect(onConfirm).toHaveBeenCalledOnce()
    expect(onCancel).toHaveBeenCalledOnce()
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument()
  })

  it('a dialog closes with Schließen; an error offers Erneut versuchen; offline says so', async () => {
    await setLanguage('de')
    render(
      <>
        <Dialog open onClose={() => {}} title="Filter">
          <p>Inhalt</p>
        </Dialog>
        <ErrorState onRetry={() => {}} />
        <OfflineState />
      </>,
    )
    expect(screen.getByRole('button', { name: 'Schließen' })).toBeInTheDocument()
    expect(screen.getByText('Konnte nicht geladen werden')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument()
    expect(screen.getByText('Du bist offline')).toBeInTheDocument()
    expect(screen.getByText(/^Diese Seite: noch nicht auf diesem Gerät gespeichert/)).toBeInTheDocument()
  })

  it('a rating reads with a decimal comma and German words', async () => {
    await setLanguage('de')
    const { rerender } = render(<RatingSummary rating={{ average: 4.5, count: 12 }} />)
    expect(screen.getByText('12 Bewertungen', { exact: false })).toBeInTheDocument()
    expect(screen.getByText('4,5')).toBeInTheDocument()
    expect(screen.getByText('Bewertet mit')).toBeInTheDocument()
    rerender(<RatingSummary rating={{ average: 0, count: 0 }} />)
    expect(screen.getByText('Noch keine Bewertungen')).toBeInTheDocument()
  })

  it('a gallery names its photos and buttons in German', async () => {
    await setLanguage('de')
    render(<Gallery images={['/a.jpg', '/b.jpg']} thumbs={['/a-t.jpg', '/b-t.jpg']} name="Eichenstuhl" />)
    expect(screen.getByRole('region', { name: 'Fotos' })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Eichenstuhl, Foto 1 von 2' })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Weiter' })).not.toHaveLength(0)
    expect(screen.getByRole('button', { name: 'Foto 2 zeigen' })).toBeInTheDocument()
    expect(screen.queryByText(/Photo 1 of 2/)).not.toBeInTheDocument()
  })
})
